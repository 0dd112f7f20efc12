import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DigestSettings } from '@mining-hub/contract/digest';
import type { Db } from '../../db/client.ts';

export interface DigestSignal {
  article_id: number;
  title: string;
  url: string | null;
  company: string | null;
  buying_intent_score: string;
  signal_summary: string | null;
}

export interface DigestRecipient extends DigestSettings {
  user_id: number;
  email: string;
  unsubscribe_token: string;
}

const DEFAULTS: DigestSettings = { enabled: false, hour: 7, time_zone: 'UTC' };
// A digest lists at most this many signals; the inbox has the rest.
const SIGNAL_LIMIT = 100;

/** Digest settings, the once-a-day claims, and the signals a digest holds. */
export function createDigestRepository(db: Db) {
  return {
    async settings(userId: number): Promise<DigestSettings & { email: string | null }> {
      const row = await db
        .selectFrom('users')
        .leftJoin('digest_settings', 'digest_settings.user_id', 'users.id')
        .select(['users.email', 'digest_settings.enabled', 'digest_settings.hour', 'digest_settings.time_zone'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return {
        enabled: row?.enabled ?? DEFAULTS.enabled,
        hour: row?.hour ?? DEFAULTS.hour,
        time_zone: row?.time_zone ?? DEFAULTS.time_zone,
        email: row?.email ?? null,
      };
    },

    async saveSettings(userId: number, settings: DigestSettings): Promise<void> {
      await db
        .insertInto('digest_settings')
        .values({ user_id: userId, ...settings, unsubscribe_token: randomBytes(24).toString('base64url') })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...settings, updated_at: new Date() }))
        .execute();
    },

    /** Whether a user has that unsubscribe token (the confirmation page changes nothing). */
    async knowsToken(token: string): Promise<boolean> {
      const row = await db
        .selectFrom('digest_settings')
        .select('user_id')
        .where('unsubscribe_token', '=', token)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Turns the digest off for the token's user; false when no user has that token. */
    async unsubscribe(token: string): Promise<boolean> {
      const result = await db
        .updateTable('digest_settings')
        .set({ enabled: false, updated_at: new Date() })
        .where('unsubscribe_token', '=', token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Users with the digest on (and an account still enabled). */
    async recipients(): Promise<DigestRecipient[]> {
      return db
        .selectFrom('digest_settings')
        .innerJoin('users', 'users.id', 'digest_settings.user_id')
        .select(['user_id', 'users.email', 'enabled', 'hour', 'time_zone', 'unsubscribe_token'])
        .where('enabled', '=', true)
        .where('users.disabled', '=', false)
        .execute();
    },

    /** Claims the user's digest of one local day; false when another tick (or process) already has. */
    async claim(userId: number, localDate: string, windowEnd: Date): Promise<boolean> {
      const row = await db
        .insertInto('digest_sends')
        .values({ user_id: userId, local_date: localDate, window_end: windowEnd })
        .onConflict((conflict) => conflict.columns(['user_id', 'local_date']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Where the last digest that went out (or had nothing) stopped: "new" starts there. */
    async lastWindowEnd(userId: number): Promise<Date | null> {
      const row = await db
        .selectFrom('digest_sends')
        .select((eb) => eb.fn.max('window_end').as('end'))
        .where('user_id', '=', userId)
        .where('status', 'in', ['sent', 'empty'])
        .executeTakeFirst();
      return row?.end ? new Date(row.end) : null;
    },

    async finish(
      userId: number,
      localDate: string,
      outcome: { status: 'sent' | 'empty' | 'failed'; signals: number; error?: string },
    ): Promise<void> {
      await db
        .updateTable('digest_sends')
        .set({ status: outcome.status, signals: outcome.signals, error: outcome.error ?? null })
        .where('user_id', '=', userId)
        .where('local_date', '=', localDate)
        .execute();
    },

    /**
     * High and Very High signals analysed in (since, until] that a watch of the user found or that name a
     * company the user owns (through the article's story), strongest first.
     */
    async newSignals(userId: number, since: Date, until: Date): Promise<DigestSignal[]> {
      const rows = await db
        .selectFrom('articles')
        .select(['id as article_id', 'title', 'url', 'company', 'buying_intent_score', 'signal_summary'])
        .where('analysed_at', '>', since)
        .where('analysed_at', '<=', until)
        .where('dismissed_at', 'is', null)
        .where('buying_intent_score', 'in', ['High', 'Very High'])
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('watch_seen_articles')
                .innerJoin('watches', 'watches.id', 'watch_seen_articles.watch_id')
                .select(sql`1`.as('one'))
                .whereRef('watch_seen_articles.article_id', '=', 'articles.id')
                .where('watches.user_id', '=', userId),
            ),
            eb.exists(
              eb
                .selectFrom('company_stories')
                .innerJoin('companies', 'companies.id', 'company_stories.company_id')
                .select(sql`1`.as('one'))
                .whereRef('company_stories.story_id', '=', 'articles.story_id')
                .where('companies.owner_id', '=', userId),
            ),
          ]),
        )
        .orderBy(sql`buying_intent_score = 'Very High'`, 'desc')
        .orderBy('analysed_at', 'desc')
        .limit(SIGNAL_LIMIT)
        .execute();
      return rows.map((row) => ({ ...row, buying_intent_score: row.buying_intent_score ?? 'High' }));
    },
  };
}
export type DigestRepository = ReturnType<typeof createDigestRepository>;

import type { AlertDigest } from '@mining-hub/contract/alerts';
import type { WebhookFormat } from '@mining-hub/contract/watches';
import type { Db } from '../../db/client.ts';

export type AlertTarget =
  { channel: 'webhook'; webhook_url: string; webhook_format: WebhookFormat } | { channel: 'email'; email_to: string[] };

/** Alert digests, their delivery log, and which articles each watch has alerted on which channel. */
export function createAlertsRepository(db: Db) {
  return {
    /**
     * Records a digest for one channel holding only the articles this watch has never alerted on it, and
     * claims them (in one transaction, so two runs at once cannot both alert an article); undefined when
     * none is new.
     */
    async claimDigest(
      target: AlertTarget,
      digest: AlertDigest,
    ): Promise<{ id: number; digest: AlertDigest } | undefined> {
      const watchId = digest.watch.id;
      return db.transaction().execute(async (trx) => {
        const alert = await trx
          .insertInto('alerts')
          .values({
            watch_id: watchId,
            channel: target.channel,
            webhook_url: target.channel === 'webhook' ? target.webhook_url : null,
            webhook_format: target.channel === 'webhook' ? target.webhook_format : 'generic',
            email_to: target.channel === 'email' ? target.email_to : [],
            digest: JSON.stringify(digest),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const claimed = await trx
          .insertInto('alert_articles')
          .values(
            digest.signals.map((signal) => ({
              watch_id: watchId,
              channel: target.channel,
              article_id: signal.article_id,
              alert_id: alert.id,
            })),
          )
          .onConflict((conflict) => conflict.doNothing())
          .returning('article_id')
          .execute();
        const fresh = new Set(claimed.map((row) => row.article_id));
        if (fresh.size === 0) {
          await trx.deleteFrom('alerts').where('id', '=', alert.id).execute();
          return undefined;
        }
        const kept = { ...digest, signals: digest.signals.filter((signal) => fresh.has(signal.article_id)) };
        await trx
          .updateTable('alerts')
          .set({ digest: JSON.stringify(kept) })
          .where('id', '=', alert.id)
          .execute();
        return { id: alert.id, digest: kept };
      });
    },

    /** Forgets a digest and its claims (its job could not be queued), so a later run alerts them again. */
    async discard(alertId: number): Promise<void> {
      await db.deleteFrom('alerts').where('id', '=', alertId).execute();
    },

    find: (alertId: number) => db.selectFrom('alerts').selectAll().where('id', '=', alertId).executeTakeFirst(),

    /** Records one attempt: sent, failed for good, or still pending (to be retried). */
    async recordAttempt(alertId: number, result: { status: 'sent' | 'failed' | 'pending'; error: string | null }) {
      await db
        .updateTable('alerts')
        .set((eb) => ({
          status: result.status,
          attempts: eb('attempts', '+', 1),
          last_error: result.error,
          sent_at: result.status === 'sent' ? new Date() : null,
        }))
        .where('id', '=', alertId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** The stored setting, created with `create()` when absent (every process gets the same value). */
    async setting(name: string, create: () => string): Promise<{ value: string; created: boolean }> {
      const inserted = await db
        .insertInto('alert_settings')
        .values({ name, value: create() })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .returning('value')
        .executeTakeFirst();
      if (inserted) return { value: inserted.value, created: true };
      const row = await db
        .selectFrom('alert_settings')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return { value: row.value, created: false };
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

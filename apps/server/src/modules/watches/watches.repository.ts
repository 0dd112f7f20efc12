import { sql, type Updateable } from 'kysely';
import type { WatchChanges, WatchInput, WebhookFormat } from '@mining-hub/contract/watches';
import { accountLateral } from '../../db/account-refs.ts';
import type { Db } from '../../db/client.ts';
import type { WatchesTable, WatchRunStatus } from '../../db/schema.ts';

export interface WatchRow {
  id: number;
  user_id: number;
  name: string;
  filters: unknown;
  interval_minutes: number;
  push_min_intent: string | null;
  webhook_url: string | null;
  webhook_format: WebhookFormat;
  email_to: string[];
  enabled: boolean;
  my_accounts: boolean;
  next_run_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface WatchRunRow {
  id: number;
  watch_id: number;
  trigger: 'schedule' | 'manual';
  status: WatchRunStatus;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  new_articles: number;
  analysed: number;
  pushed: number;
  alerted: number;
  error: string | null;
}

export type RunCounts = Pick<WatchRunRow, 'new_articles' | 'analysed' | 'pushed' | 'alerted'>;

/** What a run needs to know of an article it found: where the pipeline has it, and its buying intent. */
export interface ArticleState {
  id: number;
  status: string;
  analysed: boolean;
  intent_rank: number;
}

export interface AlertedArticle {
  id: number;
  title: string;
  url: string | null;
  company: string | null;
  buying_intent_score: string | null;
  signal_summary: string | null;
  intent_reasons: string[];
  /** The company page its story joined (issue 34). */
  account_id: number | null;
  account_name: string | null;
}

/** How many runs a watch's history lists. */
const RUN_HISTORY_LIMIT = 50;

const WATCH_COLUMNS = [
  'id',
  'user_id',
  'name',
  'filters',
  'interval_minutes',
  'push_min_intent',
  'webhook_url',
  'webhook_format',
  'email_to',
  'enabled',
  'my_accounts',
  'next_run_at',
  'created_at',
  'updated_at',
] as const;

/** The articles whose story names a live company `userId` owns (accounts, migrations 019 and 022). */
function ownedBy(db: Db, userId: number) {
  return db
    .selectFrom('articles as owned')
    .innerJoin('company_stories as cs', 'cs.story_id', 'owned.story_id')
    .innerJoin('companies as c', 'c.id', 'cs.company_id')
    .select('owned.id')
    .where('c.owner_id', '=', userId)
    .where('c.merged_into', 'is', null);
}

/** Watches, their runs and the articles each has seen and alerted. */
export function createWatchesRepository(db: Db) {
  const runColumns = [
    'id',
    'watch_id',
    'trigger',
    'status',
    'queued_at',
    'started_at',
    'finished_at',
    'new_articles',
    'analysed',
    'pushed',
    'alerted',
    'error',
  ] as const;

  /** The changed fields as stored (`filters` as JSON text); fields left out stay as they are. */
  const changedColumns = (changes: WatchChanges): Updateable<WatchesTable> => {
    const { filters, ...rest } = changes;
    const set: Updateable<WatchesTable> = {};
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) Object.assign(set, { [key]: value });
    if (filters) set.filters = JSON.stringify(filters);
    return set;
  };

  return {
    async insert(userId: number, input: WatchInput, nextRunAt: Date): Promise<WatchRow> {
      return db
        .insertInto('watches')
        .values({ ...input, filters: JSON.stringify(input.filters), user_id: userId, next_run_at: nextRunAt })
        .returning(WATCH_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    find: (id: number): Promise<WatchRow | undefined> =>
      db.selectFrom('watches').select(WATCH_COLUMNS).where('id', '=', id).executeTakeFirst(),

    /** `ownerId`'s watches (everyone's when undefined: an admin), oldest first. */
    list: (ownerId: number | undefined): Promise<WatchRow[]> =>
      db
        .selectFrom('watches')
        .select(WATCH_COLUMNS)
        .$if(ownerId !== undefined, (query) => query.where('user_id', '=', ownerId ?? 0))
        .orderBy('id')
        .execute(),

    countOf: async (userId: number): Promise<number> => {
      const row = await db
        .selectFrom('watches')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    update: (id: number, changes: WatchChanges, nextRunAt: Date | undefined): Promise<WatchRow | undefined> =>
      db
        .updateTable('watches')
        .set({ ...changedColumns(changes), updated_at: new Date(), ...(nextRunAt ? { next_run_at: nextRunAt } : {}) })
        .where('id', '=', id)
        .returning(WATCH_COLUMNS)
        .executeTakeFirst(),

    async remove(id: number): Promise<void> {
      await db.deleteFrom('watches').where('id', '=', id).execute();
    },

    /** The newest run of each of these watches. */
    async lastRuns(watchIds: number[]): Promise<Map<number, WatchRunRow>> {
      if (watchIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('watch_runs')
        .select(runColumns)
        .distinctOn('watch_id')
        .where('watch_id', 'in', watchIds)
        .orderBy('watch_id')
        .orderBy('id', 'desc')
        .execute();
      return new Map(rows.map((row) => [row.watch_id, row]));
    },

    listRuns: (watchId: number): Promise<WatchRunRow[]> =>
      db
        .selectFrom('watch_runs')
        .select(runColumns)
        .where('watch_id', '=', watchId)
        .orderBy('id', 'desc')
        .limit(RUN_HISTORY_LIMIT)
        .execute(),

    insertRun: (watchId: number, trigger: WatchRunRow['trigger']): Promise<WatchRunRow> =>
      db
        .insertInto('watch_runs')
        .values({ watch_id: watchId, trigger })
        .returning(runColumns)
        .executeTakeFirstOrThrow(),

    /**
     * Claims the enabled watches due at `now` and queues a run row for each, in one transaction: moving
     * `next_run_at` on in the same UPDATE that finds them means a second tick (another worker) finds none.
     */
    claimDue: (now: Date): Promise<{ runId: number; watchId: number; userId: number }[]> =>
      db.transaction().execute(async (trx) => {
        const due = await trx
          .updateTable('watches')
          .set({
            next_run_at: sql<Date>`${now}::timestamptz + make_interval(mins => interval_minutes)`,
          })
          .where('enabled', '=', true)
          .where('next_run_at', '<=', now)
          .returning(['id', 'user_id'])
          .execute();
        if (due.length === 0) return [];
        const runs = await trx
          .insertInto('watch_runs')
          .values(due.map((watch) => ({ watch_id: watch.id, trigger: 'schedule' as const })))
          .returning(['id', 'watch_id'])
          .execute();
        const owners = new Map(due.map((watch) => [watch.id, watch.user_id]));
        return runs.map((run) => ({ runId: run.id, watchId: run.watch_id, userId: owners.get(run.watch_id) ?? 0 }));
      }),

    /** Marks a queued run running; undefined when it is not queued (run already, or its watch deleted). */
    startRun: (runId: number): Promise<{ watch_id: number } | undefined> =>
      db
        .updateTable('watch_runs')
        .set({ status: 'running', started_at: new Date() })
        .where('id', '=', runId)
        .where('status', '=', 'queued')
        .returning('watch_id')
        .executeTakeFirst(),

    async finishRun(runId: number, counts: RunCounts, error: string | null): Promise<void> {
      await db
        .updateTable('watch_runs')
        .set({ ...counts, status: error ? 'failed' : 'completed', error, finished_at: new Date() })
        .where('id', '=', runId)
        .execute();
    },

    /** Runs queued or running since before `before` belonged to a process that died: recorded as failed. */
    async failStaleRuns(before: Date): Promise<number> {
      const rows = await db
        .updateTable('watch_runs')
        .set({ status: 'failed', error: 'interrupted: the worker running it stopped', finished_at: new Date() })
        .where('status', 'in', ['queued', 'running'])
        .where('queued_at', '<', before)
        .returning('id')
        .execute();
      return rows.length;
    },

    /** Records these articles as seen by the watch; returns those it had not seen before, in the given order. */
    async markSeen(watchId: number, articleIds: number[]): Promise<number[]> {
      if (articleIds.length === 0) return [];
      const inserted = await db
        .insertInto('watch_seen_articles')
        .values(articleIds.map((articleId) => ({ watch_id: watchId, article_id: articleId })))
        .onConflict((conflict) => conflict.doNothing())
        .returning('article_id')
        .execute();
      const fresh = new Set(inserted.map((row) => row.article_id));
      return articleIds.filter((id) => fresh.has(id));
    },

    /** Of these articles, those about a company `userId` owns, in the given order. */
    async ownedArticles(userId: number, articleIds: number[]): Promise<number[]> {
      if (articleIds.length === 0) return [];
      const rows = await ownedBy(db, userId).where('owned.id', 'in', articleIds).execute();
      const owned = new Set(rows.map((row) => row.id));
      return articleIds.filter((id) => owned.has(id));
    },

    async articleStates(articleIds: number[]): Promise<ArticleState[]> {
      if (articleIds.length === 0) return [];
      const rows = await db
        .selectFrom('articles')
        .select(['id', 'status', 'analysed_at', 'intent_rank'])
        .where('id', 'in', articleIds)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        analysed: row.analysed_at !== null,
        intent_rank: row.intent_rank,
      }));
    },

    /**
     * Claims up to `limit` analysed articles the watch has seen but never alerted, at or above `minRank`
     * (0: any), most intent first; claimed rows are marked alerted in the same statement, so two runs never
     * alert one article twice.
     */
    async claimAlerts(watchId: number, minRank: number, limit: number, ownerId?: number): Promise<AlertedArticle[]> {
      const candidates = db
        .selectFrom('watch_seen_articles as w')
        .innerJoin('articles as a', 'a.id', 'w.article_id')
        .select('w.article_id')
        .where('w.watch_id', '=', watchId)
        .where('w.alerted_at', 'is', null)
        .where('a.analysed_at', 'is not', null)
        .where('a.intent_rank', '>=', minRank)
        .$if(ownerId !== undefined, (query) => query.where('a.id', 'in', ownedBy(db, ownerId ?? 0)))
        .orderBy('a.intent_rank', 'desc')
        .orderBy('w.article_id')
        .limit(limit);
      const claimed = await db
        .updateTable('watch_seen_articles')
        .set({ alerted_at: new Date() })
        .where('watch_id', '=', watchId)
        .where('alerted_at', 'is', null)
        .where('article_id', 'in', candidates)
        .returning('article_id')
        .execute();
      if (claimed.length === 0) return [];
      return db
        .selectFrom('articles')
        .leftJoinLateral(accountLateral('articles.story_id'), (join) => join.onTrue())
        .select([
          'id',
          'title',
          'url',
          'company',
          'buying_intent_score',
          'signal_summary',
          'intent_reasons',
          'acct.account_id',
          'acct.account_name',
        ])
        .where(
          'id',
          'in',
          claimed.map((row) => row.article_id),
        )
        .orderBy('intent_rank', 'desc')
        .orderBy('id')
        .execute();
    },
  };
}
export type WatchesRepository = ReturnType<typeof createWatchesRepository>;

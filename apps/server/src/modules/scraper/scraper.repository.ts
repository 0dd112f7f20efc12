import type { ScraperProgress, ScraperSettings } from '@mining-hub/contract/scraper';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { ScraperRunState, ScraperRunsTable } from '../../db/schema.ts';

export type ScraperRun = Selectable<ScraperRunsTable>;

const ACTIVE: ScraperRunState[] = ['running', 'paused', 'stopping'];

/** Scraper runs: the wanted state written by the API, the actual one by the supervising worker. */
export function createScraperRepository(db: Db) {
  return {
    /** Inserts a running run, or returns undefined when one is already active (the unique index decides). */
    async insertRun(settings: ScraperSettings, startedBy: number | null): Promise<ScraperRun | undefined> {
      return db
        .insertInto('scraper_runs')
        .values({ status: 'running', mode: settings.mode, settings: JSON.stringify(settings), started_by: startedBy })
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    async findActive(): Promise<ScraperRun | undefined> {
      return db.selectFrom('scraper_runs').selectAll().where('status', 'in', ACTIVE).executeTakeFirst();
    },

    async findLatest(): Promise<ScraperRun | undefined> {
      return db.selectFrom('scraper_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    async findById(id: number): Promise<ScraperRun | undefined> {
      return db.selectFrom('scraper_runs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Moves the active run from one wanted state to another; undefined when it was not in `from`. */
    async transition(from: ScraperRunState[], to: ScraperRunState): Promise<ScraperRun | undefined> {
      return db
        .updateTable('scraper_runs')
        .set({ status: to })
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Takes ownership of the active run when nobody supervises it: never owned, owned by `owner` itself,
     * or its owner's heartbeat older than `staleAfterMs` (that worker died).
     */
    async claimActive(owner: string, staleAfterMs: number): Promise<ScraperRun | undefined> {
      return db
        .updateTable('scraper_runs')
        .set({ owner, heartbeat_at: sql<Date>`now()` })
        .where('status', 'in', ACTIVE)
        .where((eb) =>
          eb.or([
            eb('owner', 'is', null),
            eb('owner', '=', owner),
            eb('heartbeat_at', '<', sql<Date>`now() - ${`${staleAfterMs} milliseconds`}::interval`),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** The owner's heartbeat with the child's pid and latest progress; false when the run is no longer ours. */
    async heartbeat(
      id: number,
      owner: string,
      values: { pid: number | null; host: string; progress: ScraperProgress | null },
    ): Promise<ScraperRun | undefined> {
      return db
        .updateTable('scraper_runs')
        .set({
          heartbeat_at: sql<Date>`now()`,
          pid: values.pid,
          host: values.host,
          ...(values.progress ? { progress: JSON.stringify(values.progress) } : {}),
        })
        .where('id', '=', id)
        .where('owner', '=', owner)
        .returningAll()
        .executeTakeFirst();
    },

    /** Gives up supervising a run without ending it (server shutdown): the next worker takes it over at once. */
    async release(id: number, owner: string): Promise<void> {
      await db
        .updateTable('scraper_runs')
        .set({ owner: null, pid: null })
        .where('id', '=', id)
        .where('owner', '=', owner)
        .execute();
    },

    /** The embedded database has one process: whatever owned a run before this start is gone. */
    async releaseAll(): Promise<void> {
      await db.updateTable('scraper_runs').set({ owner: null }).where('status', 'in', ACTIVE).execute();
    },

    /** Ends a run: completed, cancelled or failed, with its last progress; pid and owner cleared. */
    async finish(
      id: number,
      status: Extract<ScraperRunState, 'completed' | 'cancelled' | 'failed'>,
      values: { progress: ScraperProgress | null; error?: string | null },
    ): Promise<ScraperRun | undefined> {
      return db
        .updateTable('scraper_runs')
        .set({
          status,
          finished_at: sql<Date>`now()`,
          pid: null,
          owner: null,
          error: values.error ?? null,
          ...(values.progress ? { progress: JSON.stringify(values.progress) } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', ACTIVE)
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type ScraperRepository = ReturnType<typeof createScraperRepository>;

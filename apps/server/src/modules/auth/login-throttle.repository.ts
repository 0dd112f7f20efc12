import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/**
 * Sign-in attempts per key (`account:<email>` or `address:<ip>`) in fixed windows. The `failures`
 * column counts attempts taken in the window: each is counted before its password is checked and
 * handed back when it succeeds, so the count is failed checks plus checks still running.
 */
export function createLoginThrottleRepository(db: Db) {
  return {
    /**
     * Counts one attempt, starting a new window when the old one has ended, and returns the count
     * with its window. One upsert: concurrent attempts queue on the row, so each sees its own count.
     */
    async takeAttempt(
      key: string,
      now: Date,
      windowStartedAfter: Date,
    ): Promise<{ attempts: number; window_started_at: Date }> {
      const isCurrent = sql<boolean>`login_throttle.window_started_at > ${windowStartedAfter}`;
      const row = await db
        .insertInto('login_throttle')
        .values({ key, failures: 1, window_started_at: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql`CASE WHEN ${isCurrent} THEN login_throttle.failures + 1 ELSE 1 END`,
            window_started_at: sql`CASE WHEN ${isCurrent} THEN login_throttle.window_started_at ELSE ${now} END`,
          }),
        )
        .returning(['failures', 'window_started_at'])
        .executeTakeFirstOrThrow();
      return { attempts: row.failures, window_started_at: row.window_started_at };
    },

    /** Hands back one attempt that did not fail. */
    async giveBackAttempt(key: string): Promise<void> {
      await db
        .updateTable('login_throttle')
        .set({ failures: sql`failures - 1` })
        .where('key', '=', key)
        .where('failures', '>', 0)
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },
  };
}
export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;

import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Failed-login counters per key (`account:<email>` or `address:<ip>`), in fixed windows. */
export function createLoginThrottleRepository(db: Db) {
  return {
    find(key: string): Promise<{ failures: number; window_started_at: Date } | undefined> {
      return db
        .selectFrom('login_throttle')
        .select(['failures', 'window_started_at'])
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** Counts one failure, starting a new window when the old one has ended. */
    async recordFailure(key: string, now: Date, windowStartedAfter: Date): Promise<void> {
      await db
        .insertInto('login_throttle')
        .values({ key, failures: 1, window_started_at: now })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql`CASE WHEN login_throttle.window_started_at > ${windowStartedAfter} THEN login_throttle.failures + 1 ELSE 1 END`,
            window_started_at: sql`CASE WHEN login_throttle.window_started_at > ${windowStartedAfter} THEN login_throttle.window_started_at ELSE ${now} END`,
          }),
        )
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },
  };
}
export type LoginThrottleRepository = ReturnType<typeof createLoginThrottleRepository>;

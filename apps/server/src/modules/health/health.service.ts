import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Whether the process can serve: today, whether its database answers. */
export function createHealthService(db: Db) {
  return {
    /** Resolves when the database answers a trivial query; rejects with its error otherwise. */
    async checkDatabase(): Promise<void> {
      await sql`SELECT 1`.execute(db);
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;

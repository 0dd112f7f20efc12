import { sql } from 'kysely';
import type { AuditAction, AuditEntry, AuditQuery } from '@mining-hub/contract/audit';
import type { Db } from '../../db/client.ts';

export interface AuditRow {
  actor_id: number | null;
  actor_email: string | null;
  action: AuditAction;
  target: string | null;
  detail: string | null;
}

/** The audit log table: inserts and reads only (a trigger refuses updates and deletes). */
export function createAuditRepository(db: Db) {
  return {
    /** Inserts one entry with `executor`: the caller's transaction, so it commits with the change. */
    async insert(row: AuditRow, executor: Db = db): Promise<void> {
      await executor.insertInto('audit_log').values(row).execute();
    },

    /** One page, newest first, with the total count of the filtered entries. */
    async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
      let filtered = db.selectFrom('audit_log');
      if (query.action) filtered = filtered.where('action', '=', query.action);
      if (query.actor) {
        // A substring match: escape LIKE's own wildcards in what the admin typed.
        const pattern = `%${query.actor.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        filtered = filtered.where(sql<boolean>`actor_email ILIKE ${pattern}`);
      }
      const [rows, count] = await Promise.all([
        filtered
          .select(['id', 'at', 'actor_email', 'action', 'target', 'detail'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirst(),
      ]);
      return {
        entries: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
        total: Number(count?.count ?? 0),
      };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

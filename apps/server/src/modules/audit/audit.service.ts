import type { AuditAction, AuditEntry, AuditQuery } from '@mining-hub/contract/audit';
import type { Pagination } from '@mining-hub/contract/news';
import { pageOf } from '../../lib/pagination.ts';
import type { Db } from '../../db/client.ts';
import type { AuditRepository } from './audit.repository.ts';

/** Who did it: a signed-in user, or null for the command line and the sign-in throttle. */
export interface AuditActor {
  id: number;
  email: string;
}

export interface AuditRecord {
  actor: AuditActor | null;
  action: AuditAction;
  /** What it was done to: a user's email, a prompt's name, a file name. */
  target?: string | null;
  /** Never a password or a token. */
  detail?: string | null;
}

/** The audit log: what admins (and the sign-in throttle) did, append-only. */
export function createAuditService(repository: AuditRepository) {
  return {
    /** Records one entry; pass the caller's transaction so the entry commits (or rolls back) with the change. */
    record(entry: AuditRecord, transaction?: Db): Promise<void> {
      return repository.insert(
        {
          actor_id: entry.actor?.id ?? null,
          actor_email: entry.actor?.email ?? null,
          action: entry.action,
          target: entry.target ?? null,
          detail: entry.detail ?? null,
        },
        transaction,
      );
    },

    /** One page of entries, newest first, filtered by action and by a part of the actor's email. */
    async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; pagination: Pagination }> {
      const { entries, total } = await repository.list(query);
      return { entries, pagination: pageOf(query.page, query.page_size, total) };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

/** An audit service that records nothing: for services built without one (unit tests, scripts). */
export const nullAudit: Pick<AuditService, 'record'> = { record: async () => undefined };

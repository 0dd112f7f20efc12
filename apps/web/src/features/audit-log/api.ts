import { auditListResponseSchema, type AuditAction } from '@mining-hub/contract/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  page: number;
  action: AuditAction | '';
  /** Part of the actor's email; blank for everyone. */
  actor: string;
}

export const auditKeys = {
  page: (filters: AuditFilters) => ['audit-log', filters] as const,
};

/** `?page=&page_size=&action=&actor=`, leaving out the filters not in use. */
export function auditSearchParams({ page, action, actor }: AuditFilters): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), page_size: String(AUDIT_PAGE_SIZE) });
  if (action) params.set('action', action);
  if (actor.trim()) params.set('actor', actor.trim());
  return params;
}

/** One page of the audit log, newest first; the previous page stays on screen while the next one loads. */
export const auditPageQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.page(filters),
    queryFn: async ({ signal }) =>
      apiRequest(`/audit-log?${auditSearchParams(filters).toString()}`, auditListResponseSchema, { signal }),
    placeholderData: keepPreviousData,
    // A record of what just happened: opening the screen always shows the latest entries.
    staleTime: 0,
  });

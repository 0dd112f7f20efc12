import { CRM_OUTBOX_PAGE_SIZE, crmOutboxResponseSchema } from '@mining-hub/contract/crm';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** The CSV of every record the user may see, and the name the server gives it. */
export const CRM_EXPORT_PATH = '/crm-outbox/export';
export const CRM_EXPORT_FILE_NAME = 'crm-outbox.csv';

export const crmKeys = {
  /** Everything the CRM screen reads; a push (live 'article_updated') makes it stale. */
  all: ['crm-outbox'] as const,
  page: (page: number) => ['crm-outbox', page] as const,
};

/** One page of pushed records, newest first; the previous page stays on screen while the next one loads. */
export const crmOutboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: crmKeys.page(page),
    queryFn: async ({ signal }) =>
      apiRequest(`/crm-outbox?page=${page}&page_size=${CRM_OUTBOX_PAGE_SIZE}`, crmOutboxResponseSchema, { signal }),
    placeholderData: keepPreviousData,
    // What was just pushed should be there when the screen opens.
    staleTime: 0,
  });

import { crmRecordResponseSchema } from '@mining-hub/contract/crm';
import { batchStatusSchema, processSelectedResponseSchema } from '@mining-hub/contract/pipeline';
import { dismissalResponseSchema, signalsPageResponseSchema } from '@mining-hub/contract/signals';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { signalsSearchParams, type SignalFilters } from './signal-filters.ts';

/**
 * Query keys of the signals feature. They live under ['articles', ...], so the live 'article_updated'
 * messages (a step or a batch changed an article) and the article detail's own steps refresh the inbox too.
 */
export const signalKeys = {
  all: ['articles', 'signals'] as const,
  page: (filters: SignalFilters, page: number) => ['articles', 'signals', filters, page] as const,
  /** Under ['articles']: a push (the detail's own, or a batch's live message) asks again. */
  crmRecord: (articleId: number) => ['articles', 'signals', 'crm-record', articleId] as const,
};

/**
 * Where a pushed signal went (`GET /crm-outbox/{id}`): its HubSpot company page, or the local outbox; null
 * while it has not been pushed (404).
 */
export const crmRecordQueryOptions = (articleId: number) =>
  queryOptions({
    queryKey: signalKeys.crmRecord(articleId),
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest(`/crm-outbox/${articleId}`, crmRecordResponseSchema, { signal })).data;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** How often a running push batch is asked for its progress, and for how long (SPEC.md section 4's batch rules). */
export const BATCH_POLL_MS = 2000;
export const BATCH_POLL_LIMIT_MS = 300_000;

/** One page of the inbox; the previous page stays on screen while the next one loads. */
export const signalsPageQueryOptions = (filters: SignalFilters, page: number) =>
  queryOptions({
    queryKey: signalKeys.page(filters, page),
    queryFn: ({ signal }) =>
      apiRequest(`/signals?${signalsSearchParams(filters, page).toString()}`, signalsPageResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });

/** The progress of a push batch. */
export const fetchBatchStatus = (batchId: string) =>
  apiRequest(`/batch/status/${encodeURIComponent(batchId)}`, batchStatusSchema);

/** Dismisses (or restores) the given signals one call each; the inbox refetches when all have answered. */
export function useDismissal(action: 'dismiss' | 'restore') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (articleIds: number[]) =>
      Promise.all(
        articleIds.map((id) => apiRequest(`/article/${id}/${action}`, dismissalResponseSchema, { method: 'POST' })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signalKeys.all }),
  });
}

/** Pushes reviewed signals to the CRM as one batch (`POST /batch/push-selected`). */
export function usePushSignals() {
  return useMutation({
    mutationFn: (articleIds: number[]) =>
      apiRequest('/batch/push-selected', processSelectedResponseSchema, {
        method: 'POST',
        body: { article_ids: articleIds },
      }),
  });
}

import { reportSummaryResponseSchema } from '@mining-hub/contract/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api-client.ts';

export const reportKeys = {
  /** Every period's summary; pipeline progress (live 'stats_updated') makes them stale. */
  all: ['reports'] as const,
  summary: (days: number) => ['reports', 'summary', days] as const,
};

/** The CSV of a period's summary; a plain link downloads it with the session cookie. */
export const reportExportUrl = (days: number) => `${API_BASE}/reports/summary/export?days=${days}`;

/** The summary of the last `days` days; the previous period stays on screen while another loads. */
export const reportSummaryQueryOptions = (days: number) =>
  queryOptions({
    queryKey: reportKeys.summary(days),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/reports/summary?days=${days}`, reportSummaryResponseSchema, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

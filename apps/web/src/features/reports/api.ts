import { reportSummaryResponseSchema } from '@mining-hub/contract/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const reportKeys = {
  /** Every period's summary; pipeline progress (live 'stats_updated') makes them stale. */
  all: ['reports'] as const,
  summary: (days: number) => ['reports', 'summary', days] as const,
};

/** The CSV of a period's summary, and the name the server gives it. */
export const reportExportPath = (days: number) => `/reports/summary/export?days=${days}`;
export const reportExportFileName = (days: number) => `report-${days}-days.csv`;

/** The summary of the last `days` days; the previous period stays on screen while another loads. */
export const reportSummaryQueryOptions = (days: number) =>
  queryOptions({
    queryKey: reportKeys.summary(days),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/reports/summary?days=${days}`, reportSummaryResponseSchema, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

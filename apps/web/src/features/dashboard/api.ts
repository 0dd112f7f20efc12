import { dashboardStatsResponseSchema } from '@mining-hub/contract/stats';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const dashboardKeys = {
  /** Invalidated by the live 'stats_updated' message. */
  stats: ['stats', 'dashboard'] as const,
};

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats,
    queryFn: async ({ signal }) =>
      (await apiRequest('/stats/dashboard', dashboardStatsResponseSchema, { signal })).data,
  });

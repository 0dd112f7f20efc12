import { dashboardStatsResponseSchema } from '@mining-hub/contract/stats';
import type { ZodApp } from '../../http/types.ts';
import type { StatsService } from './stats.service.ts';

/** Dashboard statistics; the web app refetches them on `stats_updated`. */
export function registerStatsRoutes(app: ZodApp, deps: { stats: StatsService }): void {
  app.get(
    '/api/v1/stats/dashboard',
    { schema: { tags: ['stats'], response: { 200: dashboardStatsResponseSchema } } },
    async () => ({ success: true as const, data: await deps.stats.articleCounts() }),
  );
}

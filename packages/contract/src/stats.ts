import { z } from 'zod';
import { ARTICLE_STATUSES } from './articles.ts';
import { successData } from './common.ts';

export const articleCountsSchema = z.object({
  total: z.number().int(),
  by_status: z.object(Object.fromEntries(ARTICLE_STATUSES.map((status) => [status, z.number().int()]))),
});
export type ArticleCounts = z.infer<typeof articleCountsSchema>;

export const dashboardStatsResponseSchema = successData(articleCountsSchema);

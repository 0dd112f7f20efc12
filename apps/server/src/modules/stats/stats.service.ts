import { ARTICLE_STATUSES, type ArticleStatus } from '@mining-hub/contract/articles';
import type { ArticleCounts } from '@mining-hub/contract/stats';
import type { StatsRepository } from './stats.repository.ts';

/** Dashboard figures. */
export function createStatsService(repository: StatsRepository) {
  return {
    /** Article counts for every status, zero where there are none. */
    async articleCounts(): Promise<ArticleCounts> {
      const byStatus = Object.fromEntries(ARTICLE_STATUSES.map((status) => [status, 0])) as Record<
        ArticleStatus,
        number
      >;
      let total = 0;
      for (const { status, count } of await repository.countArticlesByStatus()) {
        if (status in byStatus) byStatus[status as ArticleStatus] = count;
        total += count;
      }
      return { total, by_status: byStatus };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;

import type { Db } from '../../db/client.ts';

/** Aggregates over articles for the dashboard. */
export function createStatsRepository(db: Db) {
  return {
    /**
     * Stories by status: each story counted once, as its primary article (which carries the story's status),
     * and articles not grouped into a story yet as themselves. A copy of a release is not one more article.
     */
    async countArticlesByStatus(): Promise<{ status: string; count: number }[]> {
      const rows = await db
        .selectFrom('articles as a')
        .leftJoin('stories as s', 's.id', 'a.story_id')
        .where((eb) => eb.or([eb('a.story_id', 'is', null), eb('s.primary_article_id', '=', eb.ref('a.id'))]))
        .select(['a.status', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('a.status')
        .execute();
      return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;

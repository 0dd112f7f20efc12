import type { Db } from '../../db/client.ts';

/** Aggregates over articles for the dashboard. */
export function createStatsRepository(db: Db) {
  return {
    async countArticlesByStatus(): Promise<{ status: string; count: number }[]> {
      const rows = await db
        .selectFrom('articles')
        .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('status')
        .execute();
      return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;

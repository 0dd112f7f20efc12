import type { Db } from '../../db/client.ts';
import { factColumns, type StoredFacts } from './article-facts.ts';

/** An expanded article whose facts are missing or were read by an older extractor. */
export interface StaleFactsRow {
  id: number;
  title: string;
  full_content: string;
}

/** The facts columns of `articles` (migration 018). */
export function createFactsRepository(db: Db) {
  return {
    /** Expanded articles after `afterId` (in id order) whose facts are older than `version` or missing. */
    async stale(afterId: number, version: number, limit: number): Promise<StaleFactsRow[]> {
      const rows = await db
        .selectFrom('articles')
        .select(['id', 'title', 'full_content'])
        .where('id', '>', afterId)
        .where('full_content', 'is not', null)
        .where((eb) => eb.or([eb('facts_version', 'is', null), eb('facts_version', '<', version)]))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.flatMap((row) => (row.full_content === null ? [] : [{ ...row, full_content: row.full_content }]));
    },

    /** Stores facts read from the article's current text. */
    async save(id: number, stored: StoredFacts): Promise<void> {
      await db.updateTable('articles').set(factColumns(stored)).where('id', '=', id).execute();
    },
  };
}
export type FactsRepository = ReturnType<typeof createFactsRepository>;

import { setImmediate } from 'node:timers/promises';
import type { MiningFacts } from '@mining-hub/contract/facts';
import type { Logger } from '../../logging.ts';
import { FACTS_VERSION, readArticleFacts } from './article-facts.ts';
import type { FactsRepository } from './facts.repository.ts';

export { readArticleFacts, type StoredFacts } from './article-facts.ts';

/** Articles the backfill reads per batch; the event loop gets a turn between two. */
const BACKFILL_BATCH = 100;

export interface FactsServiceDeps {
  repository: FactsRepository;
  logger?: Logger;
}

/**
 * Stored facts of expanded articles. The expand step stores them with the text (pipeline-steps.ts); this
 * service reads them for articles expanded before facts existed (or by an older extractor): on a detail read
 * and in the worker's backfill.
 */
export function createFactsService(deps: FactsServiceDeps) {
  const { repository } = deps;
  return {
    /**
     * The article's facts, read now (and stored) when they are missing or older than the extractor; null for
     * an article not expanded.
     */
    async current(article: {
      id: number;
      title: string;
      full_content: string | null;
      facts: MiningFacts | null;
      factsVersion: number | null;
    }): Promise<MiningFacts | null> {
      if (article.full_content === null) return null;
      if (article.facts !== null && article.factsVersion === FACTS_VERSION) return article.facts;
      const stored = readArticleFacts({ title: article.title, full_content: article.full_content });
      await repository.save(article.id, stored);
      return stored.facts;
    },

    /**
     * Reads the facts of every expanded article that has none or older ones, in id order, a batch at a time,
     * until none is left or `signal` aborts. Resumable (each article is stored on its own; a stopped worker
     * starts again at its next start from the first stale one) and idempotent. Answers how many it read.
     */
    async backfill(options: { signal?: AbortSignal; batchSize?: number } = {}): Promise<number> {
      let read = 0;
      let afterId = 0;
      while (!options.signal?.aborted) {
        const rows = await repository.stale(afterId, FACTS_VERSION, options.batchSize ?? BACKFILL_BATCH);
        if (rows.length === 0) break;
        for (const row of rows) {
          if (options.signal?.aborted) break;
          await repository.save(row.id, readArticleFacts(row));
          afterId = row.id;
          read += 1;
        }
        await setImmediate();
      }
      if (read > 0) deps.logger?.info(`facts: read the facts of ${read} expanded articles`);
      return read;
    },
  };
}
export type FactsService = ReturnType<typeof createFactsService>;

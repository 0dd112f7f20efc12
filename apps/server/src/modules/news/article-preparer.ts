import os from 'node:os';
import { Piscina } from 'piscina';
import { prepareArticles, type PreparationTask, type PreparedArticle } from './article-preparation.ts';

/** Threads stop after this long without a page, so an idle server keeps no classifier in memory. */
const IDLE_THREAD_MS = 30_000;
/**
 * Pages smaller than this are prepared on the fetch's own thread: a thread's first start (loading the
 * classifier's place vocabulary) costs more than tagging a few items, and a page of a handful of items
 * does not hold the event loop long.
 */
export const THREAD_PAGE_MIN = 20;

export interface ArticlePreparer {
  /** Tags, filters, cleans and fingerprints one page of articles (article-preparation.ts). */
  prepare(task: PreparationTask): Promise<PreparedArticle[]>;
  close(): Promise<void>;
}

/** Prepares each page where it is fetched (tests, tools, a process without spare cores). */
export const inlinePreparer: ArticlePreparer = {
  prepare: (task) => Promise.resolve(prepareArticles(task)),
  close: () => Promise.resolve(),
};

/**
 * Prepares fetched pages on worker threads. Tagging and fingerprinting take about a third of a fetch's CPU
 * (0.3 ms an item), and on the embedded database they shared the one thread with PGlite's writes: on its
 * own thread the work uses a core that was idle, and the writes of one page overlap the next page's tagging
 * (bench/news-ingest.bench.ts).
 */
export function createArticlePreparer({
  threads = Math.max(1, os.availableParallelism() - 1),
  threadPageMin = THREAD_PAGE_MIN,
}: { threads?: number; threadPageMin?: number } = {}): ArticlePreparer {
  const pool = new Piscina<PreparationTask, PreparedArticle[]>({
    filename: new URL('./article-preparation.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_THREAD_MS,
  });
  return {
    prepare: (task) => (task.articles.length < threadPageMin ? inlinePreparer.prepare(task) : pool.run(task)),
    close: () => pool.close({ force: true }),
  };
}

import os from 'node:os';
import { Piscina } from 'piscina';
import { inlineFeedReader, type FeedPage, type FeedReader } from './adapters/news-sources/rss-source.ts';
import { inlinePreparer, type ArticlePreparer, type PreparedArticle } from './modules/news/article-preparation.ts';
import type { IngestTask } from './ingest-threads.worker.ts';

/**
 * Feeds smaller than this are read on the fetch's own thread: a few items parse in about a millisecond, less
 * than the copy across and back.
 */
export const THREAD_FEED_MIN_CHARS = 32 * 1024;
/** Pages with fewer articles than this are prepared on the fetch's own thread, for the same reason. */
export const THREAD_PAGE_MIN = 20;

export interface IngestThreads extends FeedReader, ArticlePreparer {
  close(): Promise<void>;
}

/**
 * The CPU-bound part of a fetch on threads of its own: reading feeds (XML parsing, items into articles) and
 * preparing each page (tagging, filtering, cleaning, fingerprinting), about 0.4 ms an item that on the
 * embedded database shared the one thread with PGlite's writes and the requests (bench/news-ingest.bench.ts).
 * One pool for both, its first thread started with the process: loading the classifier and the parsers
 * costs a thread about half a CPU-second, paid at start rather than at the first fetch.
 */
export function createIngestThreads({
  threads = Math.max(1, os.availableParallelism() - 1),
  threadFeedMinChars = THREAD_FEED_MIN_CHARS,
  threadPageMin = THREAD_PAGE_MIN,
}: { threads?: number; threadFeedMinChars?: number; threadPageMin?: number } = {}): IngestThreads {
  const pool = new Piscina<IngestTask, FeedPage | PreparedArticle[]>({
    filename: new URL('./ingest-threads.worker.ts', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 30_000, // threads beyond the first stop after this long without work
  });
  return {
    read: (feed) =>
      feed.text.length < threadFeedMinChars
        ? inlineFeedReader.read(feed)
        : (pool.run({ kind: 'feed', feed }) as Promise<FeedPage>),
    prepare: (page) =>
      page.articles.length < threadPageMin
        ? inlinePreparer.prepare(page)
        : (pool.run({ kind: 'prepare', page }) as Promise<PreparedArticle[]>),
    close: () => pool.close({ force: true }),
  };
}

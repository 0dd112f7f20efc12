import os from 'node:os';
import { Piscina } from 'piscina';
import { inlineFeedReader, type FeedPage, type FeedReader, type FeedToRead } from './rss-source.ts';

/** Threads stop after this long without a feed, so an idle server keeps no feed parser in memory. */
const IDLE_THREAD_MS = 30_000;
/**
 * Feeds smaller than this are read on the fetch's own thread: a few items parse in about a millisecond, less
 * than a thread's first start (loading the parsers) and the copy across.
 */
export const THREAD_FEED_MIN_CHARS = 32 * 1024;

export interface ThreadFeedReader extends FeedReader {
  close(): Promise<void>;
}

/**
 * Reads fetched feeds (XML parsing, items into articles) on worker threads: 0.1 ms an item, which on the
 * embedded database shared the one thread with PGlite's writes (bench/news-ingest.bench.ts). A feed that
 * is no feed fails as it would inline, with the same message.
 */
export function createFeedReader({
  threads = Math.max(1, os.availableParallelism() - 1),
  threadMinChars = THREAD_FEED_MIN_CHARS,
}: { threads?: number; threadMinChars?: number } = {}): ThreadFeedReader {
  const pool = new Piscina<FeedToRead, FeedPage>({
    filename: new URL('./feed-reader.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_THREAD_MS,
  });
  return {
    read: (feed) => (feed.text.length < threadMinChars ? inlineFeedReader.read(feed) : pool.run(feed)),
    close: () => pool.close({ force: true }),
  };
}

import os from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { ExtractedArticle } from './extract-article.ts';
import type { ExtractionTask } from './extract-article.worker.ts';

/**
 * A page that takes longer to read than this is given up (its thread is stopped), not waited for. Counted from
 * when its thread starts on it: time queued behind other pages, or while a thread starts, is not the page's.
 */
export const EXTRACTION_TIMEOUT_MS = 30_000;
/** Threads stop after this long without a page, so an idle server keeps no jsdom in memory. */
const IDLE_THREAD_MS = 30_000;

export interface ArticleExtractor {
  /** The main text of a fetched page (extract-article.ts), read on another thread. */
  extract(page: ExtractionTask): Promise<ExtractedArticle>;
  close(): Promise<void>;
}

/**
 * Reads fetched pages (jsdom and Readability, pdf.js) on worker threads. Parsing a page takes 20 to 50 ms of
 * CPU, and on the embedded database it ran on the thread that serves requests and runs PGlite: a batch held
 * every turn of the event loop longer (bench/scale.bench.ts). On its own thread it uses a core that was idle,
 * and a page that never finishes parsing costs its thread, not the server.
 */
export function createArticleExtractor({
  threads = Math.max(1, os.availableParallelism() - 1),
  timeoutMs = EXTRACTION_TIMEOUT_MS,
}: { threads?: number; timeoutMs?: number } = {}): ArticleExtractor {
  const pool = new Piscina<ExtractionTask & { started: MessagePort }, ExtractedArticle>({
    filename: new URL('./extract-article.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_THREAD_MS,
  });
  return {
    async extract(page) {
      // The thread says when it begins the page; the clock starts then.
      const { port1: started, port2: startedOnThread } = new MessageChannel();
      const giveUp = new AbortController();
      let clock: NodeJS.Timeout | undefined;
      started.once('message', () => {
        clock = setTimeout(() => giveUp.abort(), timeoutMs);
      });
      try {
        return await pool.run(
          { ...page, started: startedOnThread },
          { signal: giveUp.signal, transferList: [startedOnThread] },
        );
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError')
          throw new Error(`reading the page took longer than ${timeoutMs / 1000} s`, { cause: error });
        throw error;
      } finally {
        clearTimeout(clock);
        started.close();
      }
    },
    close: () => pool.close({ force: true }),
  };
}

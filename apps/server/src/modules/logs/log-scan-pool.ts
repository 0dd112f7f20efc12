import { Worker } from 'node:worker_threads';
import type { EntryScan } from './log-entry-scanner.ts';
import type { LinePartIndex } from './log-file-index.ts';
import type { MatchIndex } from './log-matches.ts';
import type { ScanTask } from './log-scan.worker.ts';

/** Threads are stopped after this long without work, so an idle server keeps no extra memory. */
const IDLE_MS = 30_000;
/**
 * Young generation per thread: the scan makes one short-lived string per 96 KB piece, so a small nursery is
 * collected cheaply and often; V8's default lets each thread grow by tens of MB for nothing.
 */
const YOUNG_GENERATION_MB = 4;

interface Reply {
  result?: unknown;
  error?: string;
}

interface Pending {
  task: ScanTask;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

export interface ScanPool {
  /** Threads that can scan at once. */
  size: number;
  /** Indexes the matches of each scan (consecutive parts of one region) on the file open as `fd`, in parallel. */
  indexMatches(fd: number, scans: EntryScan[]): Promise<MatchIndex[]>;
  /** Counts lines, entries and blocks of consecutive parts of the file open as `fd`, in parallel. */
  indexLines(
    fd: number,
    parts: { from: number; to: number }[],
    options: { blockBytes: number; windowBytes: number; firstTimestamp: number },
  ): Promise<LinePartIndex[]>;
  close(): Promise<void>;
}

/** Up to `size` scan threads for the CPU-bound part of large reads, started when first needed. */
export function createScanPool(size: number): ScanPool {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const queue: Pending[] = [];
  let idleTimer: NodeJS.Timeout | undefined;

  const spawn = () => {
    const worker = new Worker(new URL('./log-scan.worker.ts', import.meta.url), {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    worker.on('message', (reply: Reply) => {
      worker.unref();
      const pending = busy.get(worker);
      busy.delete(worker);
      if (reply.error === undefined) pending?.resolve(reply.result);
      else pending?.reject(new Error(reply.error));
      idle.push(worker);
      dispatch();
    });
    worker.on('error', (error) => {
      busy.get(worker)?.reject(error);
      busy.delete(worker);
      dispatch();
    });
    // Only a busy thread keeps the process alive (unref after the listeners, which ref it again).
    worker.unref();
    return worker;
  };

  function dispatch(): void {
    while (queue.length > 0 && (idle.length > 0 || busy.size < size)) {
      const pending = queue.shift();
      if (!pending) break;
      const worker = idle.pop() ?? spawn();
      busy.set(worker, pending);
      worker.ref();
      worker.postMessage(pending.task);
    }
    clearTimeout(idleTimer);
    if (busy.size === 0 && idle.length > 0) {
      idleTimer = setTimeout(() => void Promise.all(idle.splice(0).map((worker) => worker.terminate())), IDLE_MS);
      idleTimer.unref();
    }
  }

  /** Runs every task; settles only when all have finished, since they read through the caller's open file. */
  async function runAll<T>(tasks: ScanTask[]): Promise<T[]> {
    const results = await Promise.allSettled(
      tasks.map(
        (task) =>
          new Promise<T>((resolve, reject) => {
            queue.push({ task, resolve: (result) => resolve(result as T), reject });
            dispatch();
          }),
      ),
    );
    return results.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
  }

  return {
    size,
    indexMatches: (fd, scans) => runAll<MatchIndex>(scans.map((scan) => ({ kind: 'matches', fd, scan }))),
    indexLines: (fd, parts, options) =>
      runAll<LinePartIndex>(parts.map(({ from, to }) => ({ kind: 'lines', fd, from, to, options }))),
    async close() {
      clearTimeout(idleTimer);
      await Promise.all([...idle.splice(0), ...busy.keys()].map((worker) => worker.terminate()));
    },
  };
}

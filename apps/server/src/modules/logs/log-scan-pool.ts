import { Piscina } from 'piscina';
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
  const pool = new Piscina<ScanTask, unknown>({
    filename: new URL('./log-scan.worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, size), // piscina needs one; a pool of size 0 is never given work
    idleTimeout: IDLE_MS,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });

  /** Runs every task; settles only when all have finished, since they read through the caller's open file. */
  async function runAll<T>(tasks: ScanTask[]): Promise<T[]> {
    const results = await Promise.allSettled(tasks.map((task) => pool.run(task) as Promise<T>));
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
    close: () => pool.close({ force: true }),
  };
}

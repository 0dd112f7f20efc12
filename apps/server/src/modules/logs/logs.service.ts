import type { FileHandle } from 'node:fs/promises';
import os from 'node:os';
import type { LogFile, LogReadQuery, LogResult } from '@mining-hub/contract/logs';
import { firstEntryAtOrAfter } from './log-cutoff-search.ts';
import { scanEntries, type EntryScan } from './log-entry-scanner.ts';
import {
  createLogFileIndexCache,
  DEFAULT_BLOCK_BYTES,
  indexLines,
  type LogFileIndex,
  type ParallelLineIndexer,
} from './log-file-index.ts';
import { DEFAULT_WINDOW_BYTES, lineStartAtOrAfter, readEntries, type EntryBounds } from './log-file-reader.ts';
import { listLogFiles, openLogFile } from './log-files.ts';
import { levelRank } from './log-line-format.ts';
import {
  collectMatches,
  createMatchIndexCache,
  indexMatches,
  mergeMatchIndexes,
  splitScan,
  type MatchIndex,
} from './log-matches.ts';
import { createScanPool, type ScanPool } from './log-scan-pool.ts';
import { timeWindowOf } from './log-time-range.ts';

export interface LogsServiceOptions {
  /** LOG_DIR; undefined (the users CLI) lists no files. */
  logDir: string | undefined;
  /** Read and index granularity; tests make them tiny to cross every boundary. */
  windowBytes?: number;
  blockBytes?: number;
  /** Filtered scans of at least this many bytes are split over scan threads (default 64 MiB). */
  parallelMinBytes?: number;
  /**
   * Threads a large scan is split over, the request's own included; 1 keeps it there
   * (default: one per core, at most three).
   */
  scanThreads?: number;
}

const PARALLEL_MIN_BYTES = 64 * 1024 * 1024;
/** A page of entries is a few hundred KB: read it in small windows (which are read synchronously). */
const PAGE_WINDOW_BYTES = 256 * 1024;

/** The System Logs screen: the log files of LOG_DIR and filtered, paged reads of one of them. */
export function createLogsService(options: LogsServiceOptions) {
  const { logDir } = options;
  const windowBytes = options.windowBytes ?? DEFAULT_WINDOW_BYTES;
  const blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES;
  const indexes = createLogFileIndexCache({ blockBytes, windowBytes });
  const matchIndexes = createMatchIndexCache();
  const parallelMinBytes = options.parallelMinBytes ?? PARALLEL_MIN_BYTES;
  // A large scan runs its first part in the request's thread and the others on scan threads (each thread
  // costs about 30 MB while it lives); they start on the first large scan and stop again when idle.
  const threads = Math.max(1, options.scanThreads ?? Math.min(3, os.availableParallelism()));
  const pool: ScanPool = createScanPool(threads - 1);

  /** Counts a filtered scan's matches; a large region is split over the threads. */
  async function matchesOf(file: FileHandle, scan: EntryScan): Promise<MatchIndex> {
    if (threads < 2 || scan.to - scan.from < parallelMinBytes) return indexMatches(file, scan);
    const [own, ...others] = await splitScan(file, scan, threads);
    if (!own) return indexMatches(file, scan);
    const [ownIndex, otherIndexes] = await Promise.all([indexMatches(file, own), pool.indexMatches(file.fd, others)]);
    return mergeMatchIndexes([ownIndex, ...otherIndexes]);
  }

  /** Indexes a large stretch of a file over the threads, in parts split at line starts. */
  const linesInParallel =
    (file: FileHandle): ParallelLineIndexer =>
    async (from, to, firstTimestamp) => {
      if (threads < 2 || to - from < parallelMinBytes) return undefined;
      const starts = [from];
      for (let part = 1; part < threads; part++) {
        const at = await lineStartAtOrAfter(file, from + Math.floor(((to - from) * part) / threads), to);
        if (at > (starts.at(-1) ?? from) && at < to) starts.push(at);
      }
      const parts = starts.map((start, index) => ({ from: start, to: starts[index + 1] ?? to }));
      const lineOptions = { blockBytes, windowBytes, firstTimestamp };
      const [own, ...others] = parts;
      if (!own) return undefined;
      const [ownPart, otherParts] = await Promise.all([
        indexLines(file, own.from, own.to, lineOptions),
        pool.indexLines(file.fd, others, lineOptions),
      ]);
      return [ownPart, ...otherParts];
    };

  /** Bounds of entries number [first, last) of [from, to), counted in file order, with no filter. */
  async function pageWithoutFilter(
    file: FileHandle,
    index: LogFileIndex,
    scan: EntryScan,
    before: number,
    first: number,
    last: number,
  ): Promise<EntryBounds[]> {
    if (first >= last) return [];
    const from = await index.entryStart(before + first);
    const bounds: EntryBounds[] = [];
    await scanEntries(file, { ...scan, from, windowBytes: Math.min(windowBytes, PAGE_WINDOW_BYTES) }, (start, end) => {
      bounds.push([start, end]);
      return bounds.length < last - first;
    });
    return bounds;
  }

  return {
    /** The `.log` files of the log directory, rotated ones included, newest first. */
    async listFiles(): Promise<LogFile[]> {
      if (!logDir) return [];
      return (await listLogFiles(logDir)).map(({ name, display_name, size }) => ({ name, display_name, size }));
    },

    /**
     * One page of a log file under a time window, level and search filter. Newest first (the default): page 1
     * holds the latest entries, the latest at the top; oldest first: page 1 holds the first ones, in file order.
     */
    async read(query: LogReadQuery, now = Date.now()): Promise<LogResult> {
      const window = timeWindowOf(query, now);
      const file = await openLogFile(logDir ?? '', query.log_file);
      try {
        const info = await file.stat();
        const size = info.size;
        const index = await indexes.indexOf(
          file,
          { dev: info.dev, ino: info.ino, size, mtimeMs: info.mtimeMs },
          linesInParallel(file),
        );
        const from = window.from === undefined ? 0 : await firstEntryAtOrAfter(file, window.from, 0, size);
        const to = window.to === undefined ? size : await firstEntryAtOrAfter(file, window.to, from, size);
        const scan: EntryScan = {
          from,
          to,
          firstTimestamp: index.firstTimestamp,
          minRank: query.log_level ? levelRank(query.log_level) : 0,
          searchTerm: query.search_term.trim(),
          windowBytes,
        };

        // Newest first, page n holds entries [total - n × size, total - (n - 1) × size); oldest first,
        // [(n - 1) × size, n × size). Both in file order until the page is read.
        const pageSize = query.page_size;
        const page = query.page;
        const newestFirst = query.order === 'newest';
        let total: number;
        let bounds: EntryBounds[];
        const slice = (count: number) => {
          if (!newestFirst) {
            const first = Math.min(count, (page - 1) * pageSize);
            return [first, Math.min(count, first + pageSize)] as const;
          }
          const last = Math.max(0, count - (page - 1) * pageSize);
          return [Math.max(0, last - pageSize), last] as const;
        };
        if (scan.minRank === 0 && !scan.searchTerm) {
          const before = from < to ? await index.entriesBefore(from) : 0;
          total = from < to ? (await index.entriesBefore(to)) - before : 0;
          const [first, last] = slice(total);
          bounds = await pageWithoutFilter(file, index, scan, before, first, last);
        } else {
          const key = [info.dev, info.ino, size, info.mtimeMs, from, to, scan.minRank, scan.searchTerm].join('|');
          const matches = await matchIndexes.get(key, () => matchesOf(file, scan));
          total = matches.count;
          const [first, last] = slice(total);
          bounds = await collectMatches(file, scan, matches, first, last);
        }
        const lines = await readEntries(file, bounds);
        if (newestFirst) lines.reverse();

        const totalPages = Math.max(1, Math.ceil(total / pageSize));
        const showingStart = lines.length > 0 ? (page - 1) * pageSize + 1 : 0;
        return {
          file_name: query.log_file,
          total_lines_in_file: index.totalLines,
          filtered_lines: total,
          cutoff_time: window.from === undefined ? null : new Date(window.from).toISOString(),
          lines,
          pagination: {
            showing_start: showingStart,
            showing_end: lines.length > 0 ? showingStart + lines.length - 1 : 0,
            total_filtered: total,
            current_page: page,
            total_pages: totalPages,
            has_next: page < totalPages,
          },
        };
      } finally {
        await file.close();
      }
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;

import type { EntryBounds, LogFileReader } from './log-file-reader.ts';
import { entryStartAtOrAfter, scanEntries, type EntryScan } from './log-entry-scanner.ts';

// A filtered read needs the number of matching entries (for the page count) and the entries of one page.
// One full scan counts them and keeps checkpoints: where every `stride`th match starts and ends. While
// every match fits, a page is read straight from them; past that, by scanning on from the checkpoint
// before it (matches are then dense, so that scan is short). Paging through a result never rescans it.

/** Checkpoints kept per scan at most; the stride doubles when they would exceed it (768 KB of offsets). */
const MAX_CHECKPOINTS = 32_768;

export interface MatchIndex {
  count: number;
  /** Match number numbers[i] is the entry [starts[i], ends[i]); ascending, the first is match 0 if any. */
  numbers: number[];
  starts: number[];
  ends: number[];
}

/** Counts the entries that pass the scan's filters and records checkpoints for later pages. */
export async function indexMatches(
  file: LogFileReader,
  scan: EntryScan,
  maxCheckpoints = MAX_CHECKPOINTS,
): Promise<MatchIndex> {
  let count = 0;
  let stride = 1;
  let starts: number[] = [];
  let ends: number[] = [];
  await scanEntries(file, scan, (start, end) => {
    if (count % stride === 0) {
      if (starts.length === maxCheckpoints) {
        starts = starts.filter((_, index) => index % 2 === 0);
        ends = ends.filter((_, index) => index % 2 === 0);
        stride *= 2;
      }
      if (count % stride === 0) {
        starts.push(start);
        ends.push(end);
      }
    }
    count += 1;
  });
  return { count, numbers: starts.map((_, index) => index * stride), starts, ends };
}

/** One index for consecutive parts of a region, each indexed on its own. */
export function mergeMatchIndexes(parts: MatchIndex[]): MatchIndex {
  const merged: MatchIndex = { count: 0, numbers: [], starts: [], ends: [] };
  for (const part of parts) {
    for (let i = 0; i < part.numbers.length; i++) {
      merged.numbers.push(merged.count + (part.numbers[i] ?? 0));
      merged.starts.push(part.starts[i] ?? 0);
      merged.ends.push(part.ends[i] ?? 0);
    }
    merged.count += part.count;
  }
  return merged;
}

/** Splits a scan into up to `parts` consecutive scans that start at entry starts, for separate threads. */
export async function splitScan(file: LogFileReader, scan: EntryScan, parts: number): Promise<EntryScan[]> {
  const bounds = [scan.from];
  for (let part = 1; part < parts; part++) {
    const at = scan.from + Math.floor(((scan.to - scan.from) * part) / parts);
    const start = await entryStartAtOrAfter(
      file,
      Math.max(at, bounds.at(-1) ?? scan.from),
      scan.to,
      scan.firstTimestamp,
    );
    if (start > (bounds.at(-1) ?? scan.from) && start < scan.to) bounds.push(start);
  }
  return bounds.map((from, index) => ({ ...scan, from, to: bounds[index + 1] ?? scan.to }));
}

/** Bounds of matches number [first, last) in file order, scanning on from the nearest checkpoint. */
export async function collectMatches(
  file: LogFileReader,
  scan: EntryScan,
  index: MatchIndex,
  first: number,
  last: number,
): Promise<EntryBounds[]> {
  const end = Math.min(last, index.count);
  if (first >= end) return [];
  if (index.numbers.length === index.count) {
    // Every match is recorded: no need to touch the file.
    return index.starts.slice(first, end).map((start, i) => [start, index.ends[first + i] ?? start] as const);
  }
  let checkpoint = 0;
  for (let low = 0, high = index.numbers.length - 1; low <= high;) {
    const middle = (low + high) >> 1;
    if ((index.numbers[middle] ?? 0) <= first) {
      checkpoint = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  let number = index.numbers[checkpoint] ?? 0;
  const bounds: EntryBounds[] = [];
  await scanEntries(file, { ...scan, from: index.starts[checkpoint] ?? scan.from }, (start, entryEnd) => {
    if (number >= first) bounds.push([start, entryEnd]);
    number += 1;
    return number < end;
  });
  return bounds;
}

/** Keeps the match indexes of the last few filtered reads, so paging through one result does not rescan. */
export function createMatchIndexCache(maxEntries = 16) {
  const entries = new Map<string, Promise<MatchIndex>>();
  return {
    /** The cached index under `key`, or the one `build` makes (a failed build is not kept). */
    get(key: string, build: () => Promise<MatchIndex>): Promise<MatchIndex> {
      const cached = entries.get(key);
      if (cached) {
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const built = build();
      entries.set(key, built);
      built.catch(() => entries.delete(key));
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return built;
    },
  };
}

import { entryStartAtOrAfter } from './log-entry-scanner.ts';
import { DEFAULT_WINDOW_BYTES, lineChunks, readRange, type LogFileReader } from './log-file-reader.ts';
import { isTimestampAt, NEWLINE } from './log-line-format.ts';

// A sparse index of a log file: for a block starting at each line start past every `blockBytes`, how many
// lines and entries come before it. Built once per file in one streaming pass, extended when the file only
// grew, it answers the line total and "how many entries before offset x" / "where does entry n start" by
// scanning at most one block, so unfiltered pages cost the same on a 10 MB file and a 10 GB one.

export const DEFAULT_BLOCK_BYTES = 256 * 1024;
const HEAD_BYTES = 256;

export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

interface IndexState {
  identity: FileIdentity;
  /** The first bytes when indexed: a file rewritten in place under the same inode is noticed. */
  head: Buffer;
  blockStarts: number[];
  linesBefore: number[];
  entriesBefore: number[];
  /** Everything before this line start is indexed; after it only the unfinished last line remains. */
  indexedEnd: number;
  linesAtEnd: number;
  entriesAtEnd: number;
  firstTimestamp: number;
}

export interface LogFileIndex {
  /** Lines in the file, the unfinished last one included. */
  totalLines: number;
  /** Offset of the first timestamped line (Infinity when there is none). */
  firstTimestamp: number;
  /** Entries starting before `offset`, a line start or the file's size. */
  entriesBefore(offset: number): Promise<number>;
  /** Offset where the `n`th entry (0-based) of the file starts; n must be below the total. */
  entryStart(n: number): Promise<number>;
}

export interface LogFileIndexCache {
  /**
   * The index of an open file as it is now (`identity` from its fstat), built or extended as needed;
   * `parallel` may index large stretches on scan threads.
   */
  indexOf(file: LogFileReader, identity: FileIdentity, parallel?: ParallelLineIndexer): Promise<LogFileIndex>;
}

/** Keeps the indexes of the most recently read files, keyed by device and inode. */
export function createLogFileIndexCache(
  options: {
    maxFiles?: number;
    blockBytes?: number;
    windowBytes?: number;
  } = {},
): LogFileIndexCache {
  const maxFiles = options.maxFiles ?? 32;
  const blockBytes = options.blockBytes ?? DEFAULT_BLOCK_BYTES;
  const windowBytes = options.windowBytes ?? DEFAULT_WINDOW_BYTES;
  const states = new Map<string, IndexState>();
  // One update at a time per file: two requests must not extend the same index at once.
  const updates = new Map<string, Promise<unknown>>();

  async function upToDate(
    file: LogFileReader,
    identity: FileIdentity,
    key: string,
    parallel: ParallelLineIndexer | undefined,
  ): Promise<IndexState> {
    let state = states.get(key);
    if (state && (identity.size < state.identity.size || !(await sameHead(file, state)))) state = undefined;
    if (!state) {
      state = {
        identity: { ...identity, size: 0 },
        head: Buffer.alloc(0),
        blockStarts: [0],
        linesBefore: [0],
        entriesBefore: [0],
        indexedEnd: 0,
        linesAtEnd: 0,
        entriesAtEnd: 0,
        firstTimestamp: Number.POSITIVE_INFINITY,
      };
    }
    if (identity.size > state.identity.size) {
      await extend(file, state, identity.size, { blockBytes, windowBytes, parallel });
    }
    state.identity = identity;
    states.delete(key);
    states.set(key, state); // most recently used last
    for (const oldest of states.keys()) {
      if (states.size <= maxFiles) break;
      states.delete(oldest);
    }
    return state;
  }

  return {
    async indexOf(file, identity, parallel) {
      const key = `${identity.dev}:${identity.ino}`;
      const previous = updates.get(key) ?? Promise.resolve();
      const update = previous.then(() => upToDate(file, identity, key, parallel));
      const settled = update.catch(() => undefined);
      updates.set(key, settled);
      void settled.then(() => {
        if (updates.get(key) === settled) updates.delete(key);
      });
      const state = await update;
      return view(file, state, identity.size, blockBytes);
    },
  };
}

async function sameHead(file: LogFileReader, state: IndexState): Promise<boolean> {
  if (state.head.length === 0) return true;
  const head = await readRange(file, 0, state.head.length);
  return head.equals(state.head);
}

/** Line and entry counts of a stretch of a file, with the blocks that start in it (counts relative to its start). */
export interface LinePartIndex {
  lines: number;
  entries: number;
  blockStarts: number[];
  linesBefore: number[];
  entriesBefore: number[];
}

/**
 * Counts the lines and entries of [from, to) (`from` a line start, `to` just after a newline) and starts a
 * block at the first line start in every `blockBytes` window. Lines before `firstTimestamp` are entries.
 */
export async function indexLines(
  file: LogFileReader,
  from: number,
  to: number,
  options: { blockBytes: number; windowBytes: number; firstTimestamp: number },
): Promise<LinePartIndex> {
  const { blockBytes, firstTimestamp } = options;
  const part: LinePartIndex = { lines: 0, entries: 0, blockStarts: [], linesBefore: [], entriesBefore: [] };
  let lines = 0;
  let entries = 0;
  let nextBlock = Math.floor(from / blockBytes) * blockBytes; // the window of `from` may start a block too
  for await (const { bytes, base, midLine } of lineChunks(file, from, to, options.windowBytes)) {
    const length = bytes.length;
    let lineStart = midLine ? bytes.indexOf(NEWLINE) + 1 || length : 0;
    if (midLine && lineStart > 0) lines += 1;
    while (lineStart < length) {
      const offset = base + lineStart;
      if (offset >= nextBlock) {
        nextBlock = (Math.floor(offset / blockBytes) + 1) * blockBytes;
        part.blockStarts.push(offset);
        part.linesBefore.push(lines);
        part.entriesBefore.push(entries);
      }
      if (offset < firstTimestamp || isTimestampAt(bytes, lineStart, length)) entries += 1;
      const newline = bytes.indexOf(NEWLINE, lineStart);
      if (newline === -1) break;
      lines += 1;
      lineStart = newline + 1;
    }
  }
  part.lines = lines;
  part.entries = entries;
  return part;
}

/** Runs `indexLines` over consecutive parts of a stretch in parallel (scan threads). */
export type ParallelLineIndexer = (
  from: number,
  to: number,
  firstTimestamp: number,
) => Promise<LinePartIndex[] | undefined>;

function append(state: IndexState, part: LinePartIndex, blockBytes: number): void {
  for (let i = 0; i < part.blockStarts.length; i++) {
    const start = part.blockStarts[i] ?? 0;
    // A part that starts inside the window of the previous block does not start another block there.
    if (Math.floor(start / blockBytes) <= Math.floor((state.blockStarts.at(-1) ?? 0) / blockBytes)) continue;
    state.blockStarts.push(start);
    state.linesBefore.push(state.linesAtEnd + (part.linesBefore[i] ?? 0));
    state.entriesBefore.push(state.entriesAtEnd + (part.entriesBefore[i] ?? 0));
  }
  state.linesAtEnd += part.lines;
  state.entriesAtEnd += part.entries;
}

/** Indexes the complete lines between the indexed end and `size`. */
async function extend(
  file: LogFileReader,
  state: IndexState,
  size: number,
  options: { blockBytes: number; windowBytes: number; parallel: ParallelLineIndexer | undefined },
): Promise<void> {
  const limit = await endOfLastCompleteLine(file, state.indexedEnd, size);
  let from = state.indexedEnd;
  if (state.firstTimestamp === Number.POSITIVE_INFINITY && from < limit) {
    // Lines before the first timestamped one are entries of their own; find where they end first.
    const first = await entryStartAtOrAfter(file, from, limit, 0);
    if (first > from)
      append(state, await indexLines(file, from, first, { ...options, firstTimestamp: first }), options.blockBytes);
    if (first < limit) state.firstTimestamp = first;
    from = first;
  }
  if (from < limit) {
    const parts = (await options.parallel?.(from, limit, state.firstTimestamp)) ?? [
      await indexLines(file, from, limit, { ...options, firstTimestamp: state.firstTimestamp }),
    ];
    for (const part of parts) append(state, part, options.blockBytes);
  }
  state.indexedEnd = limit;
  if (state.head.length < HEAD_BYTES) state.head = await readRange(file, 0, Math.min(HEAD_BYTES, limit));
}

/** The offset just past the last newline in [from, size), or `from` when there is none. */
async function endOfLastCompleteLine(file: LogFileReader, from: number, size: number): Promise<number> {
  const step = 64 * 1024;
  for (let end = size; end > from; end -= step) {
    const start = Math.max(from, end - step);
    const window = await readRange(file, start, end);
    const newline = window.lastIndexOf(NEWLINE);
    if (newline !== -1) return start + newline + 1;
  }
  return from;
}

/** Entries starting in [from, to), both line starts, by looking at each line. */
async function countEntries(
  file: LogFileReader,
  from: number,
  to: number,
  firstTimestamp: number,
  windowBytes: number,
  stopAt = Number.POSITIVE_INFINITY,
): Promise<{ count: number; stoppedAt: number }> {
  let count = 0;
  for await (const { bytes, base, midLine } of lineChunks(file, from, to, windowBytes)) {
    const length = bytes.length;
    let lineStart = midLine ? bytes.indexOf(NEWLINE) + 1 || length : 0;
    while (lineStart < length) {
      if (isTimestampAt(bytes, lineStart, length) || base + lineStart < firstTimestamp) {
        if (count === stopAt) return { count, stoppedAt: base + lineStart };
        count += 1;
      }
      const newline = bytes.indexOf(NEWLINE, lineStart);
      if (newline === -1) break;
      lineStart = newline + 1;
    }
  }
  return { count, stoppedAt: to };
}

/** The last index i with values[i] <= target (values ascending, values[0] <= target). */
function lastAtMost(values: number[], target: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((values[middle] ?? 0) <= target) low = middle;
    else high = middle - 1;
  }
  return low;
}

function view(file: LogFileReader, state: IndexState, size: number, blockBytes: number): LogFileIndex {
  // Snapshot: a later extension by another request must not shift what this one sees.
  const { indexedEnd, linesAtEnd, entriesAtEnd, firstTimestamp } = state;
  // Lookups scan within one block: read them in block-sized windows.
  const windowBytes = blockBytes;
  const blocks = state.blockStarts.length;
  const blockStarts = state.blockStarts.slice(0, blocks);
  const entriesBefore = state.entriesBefore.slice(0, blocks);
  return {
    totalLines: linesAtEnd + (size > indexedEnd ? 1 : 0),
    firstTimestamp,
    async entriesBefore(offset) {
      if (offset >= indexedEnd) {
        return entriesAtEnd + (await countEntries(file, indexedEnd, offset, firstTimestamp, windowBytes)).count;
      }
      const block = lastAtMost(blockStarts, offset);
      const before = entriesBefore[block] ?? 0;
      return before + (await countEntries(file, blockStarts[block] ?? 0, offset, firstTimestamp, windowBytes)).count;
    },
    async entryStart(n) {
      const [from, before] =
        n >= entriesAtEnd
          ? [indexedEnd, entriesAtEnd]
          : (() => {
              const block = lastAtMost(entriesBefore, n);
              return [blockStarts[block] ?? 0, entriesBefore[block] ?? 0];
            })();
      return (await countEntries(file, from, size, firstTimestamp, windowBytes, n - before)).stoppedAt;
    },
  };
}

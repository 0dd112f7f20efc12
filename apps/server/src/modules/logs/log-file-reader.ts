import fs from 'node:fs';
import { NEWLINE } from './log-line-format.ts';

/** What the readers need of an open file: its descriptor and positioned reads (a FileHandle, or a raw fd). */
export interface LogFileReader {
  fd: number;
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

/** Positioned reads on a file descriptor opened elsewhere in the process (worker threads share the fd table). */
export function readerOfFd(fd: number): LogFileReader {
  return {
    fd,
    read: (buffer, offset, length, position) =>
      new Promise((resolve, reject) => {
        fs.read(fd, buffer, offset, length, position, (error, bytesRead) =>
          error ? reject(error) : resolve({ bytesRead }),
        );
      }),
  };
}

/** Bytes read per step: big enough to amortise each read, small enough to stay in the CPU cache. */
export const DEFAULT_WINDOW_BYTES = 1024 * 1024;

/**
 * Reads up to this size are made synchronously: from the page cache they take microseconds, while a trip
 * through libuv's thread pool costs more than that and waits behind any other file work of the process.
 * A binary search makes dozens of such reads, so this keeps the newest page fast and steady.
 */
const SYNC_READ_BYTES = 256 * 1024;

/** Fills `target` from `position` (fewer bytes when the file ends first); returns the filled part. */
async function readInto(file: LogFileReader, target: Buffer, position: number): Promise<Buffer> {
  let filled = 0;
  while (filled < target.length) {
    const length = target.length - filled;
    const bytesRead =
      length <= SYNC_READ_BYTES
        ? fs.readSync(file.fd, target, filled, length, position + filled)
        : (await file.read(target, filled, length, position + filled)).bytesRead;
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return target.subarray(0, filled);
}

/** Bytes [start, end) of the file in a new buffer (shorter when the file has shrunk since). */
export function readRange(file: LogFileReader, start: number, end: number): Promise<Buffer> {
  return readInto(file, Buffer.allocUnsafe(Math.max(0, end - start)), start);
}

export interface LineChunk {
  /** Bytes [base, base + bytes.length) of the file; only valid until the next chunk is requested. */
  bytes: Buffer;
  base: number;
  /**
   * True when the chunk does not begin at a line start: a line longer than `maxLineBytes` is handed out in
   * pieces so memory stays bounded. Every other chunk starts at a line start and ends after a newline or at `end`.
   */
  midLine: boolean;
}

/**
 * Streams [start, end) as whole lines (`start` must be a line start, `end` a line start or the file's end),
 * reading the next window while the caller works on the current one.
 */
export async function* lineChunks(
  file: LogFileReader,
  start: number,
  end: number,
  windowBytes = DEFAULT_WINDOW_BYTES,
): AsyncGenerator<LineChunk, void, undefined> {
  if (start >= end) return;
  const maxLineBytes = Math.max(windowBytes, 4096);
  const windows = [Buffer.allocUnsafe(windowBytes), Buffer.allocUnsafe(windowBytes)];
  const windowAt = (turn: number, position: number) =>
    readInto(file, (windows[turn] ?? Buffer.alloc(0)).subarray(0, Math.min(windowBytes, end - position)), position);

  let turn = 0;
  let position = start;
  let pending: Promise<Buffer> | undefined = windowAt(turn, position);
  let carry: Buffer | undefined; // the unfinished last line of the previous window
  let carryBase = start;
  let carryMidLine = false;
  let startsMidLine = false; // the next window continues a line already handed out
  try {
    while (pending) {
      const window: Buffer = await pending;
      const windowBase = position;
      position += window.length;
      const last: boolean = window.length === 0 || position >= end;
      turn ^= 1;
      pending = last ? undefined : windowAt(turn, position);

      const firstNewline = window.indexOf(NEWLINE);
      if (firstNewline === -1 && !last) {
        // No line ends in this window: keep collecting, but hand out an over-long line in pieces.
        const collected = carry ? Buffer.concat([carry, window]) : Buffer.from(window);
        if (collected.length >= maxLineBytes) {
          yield {
            bytes: collected,
            base: carry ? carryBase : windowBase,
            midLine: carry ? carryMidLine : startsMidLine,
          };
          carry = undefined;
          startsMidLine = true;
        } else {
          if (!carry) [carryBase, carryMidLine] = [windowBase, startsMidLine];
          carry = collected;
        }
        continue;
      }

      let from = 0;
      if (carry) {
        from = firstNewline === -1 ? window.length : firstNewline + 1;
        yield { bytes: Buffer.concat([carry, window.subarray(0, from)]), base: carryBase, midLine: carryMidLine };
        carry = undefined;
      }
      const cut = last ? window.length : window.lastIndexOf(NEWLINE) + 1;
      if (cut > from) {
        yield { bytes: window.subarray(from, cut), base: windowBase + from, midLine: from === 0 && startsMidLine };
      }
      if (cut < window.length) {
        carry = Buffer.from(window.subarray(cut));
        carryBase = windowBase + cut;
        carryMidLine = false;
      }
      startsMidLine = false;
    }
    if (carry) yield { bytes: carry, base: carryBase, midLine: carryMidLine };
  } finally {
    // A caller that stops early leaves a read in flight; let it settle before the file handle is closed.
    await pending?.catch(() => undefined);
  }
}

/** Offset of the first line start at or after `position` (the file's size when there is none). */
export async function lineStartAtOrAfter(file: LogFileReader, position: number, size: number): Promise<number> {
  if (position <= 0) return 0;
  const probe = Buffer.allocUnsafe(16 * 1024);
  for (let at = position - 1; at < size; at += probe.length) {
    const window = await readInto(file, probe.subarray(0, Math.min(probe.length, size - at)), at);
    if (window.length === 0) break;
    const newline = window.indexOf(NEWLINE);
    if (newline !== -1) return at + newline + 1;
  }
  return size;
}

/** Longest entry text returned; the rest of a longer one is replaced by a note of how much was left out. */
export const MAX_ENTRY_BYTES = 16 * 1024;
const MAX_RUN_BYTES = 4 * 1024 * 1024;

/** An entry's bytes: [start, end). */
export type EntryBounds = readonly [number, number];

/**
 * The text of each [start, end) entry, without its final line break; neighbouring entries are read together.
 * Entries longer than `maxBytes` are cut, so a page never costs more than its size times `maxBytes`.
 */
export async function readEntries(
  file: LogFileReader,
  bounds: readonly EntryBounds[],
  maxBytes = MAX_ENTRY_BYTES,
): Promise<string[]> {
  const isLong = ([start, end]: EntryBounds) => end - start > maxBytes;
  const texts: string[] = [];
  for (let first = 0; first < bounds.length;) {
    const head = bounds[first] ?? [0, 0];
    const runStart = head[0];
    // A run of adjacent entries, none of them cut, is read at once.
    let last = first;
    if (!isLong(head)) {
      for (
        let next = bounds[last + 1];
        next && next[0] === bounds[last]?.[1] && !isLong(next);
        next = bounds[last + 1]
      ) {
        if (next[1] - runStart > MAX_RUN_BYTES) break;
        last += 1;
      }
    }
    const runEnd = isLong(head) ? runStart + maxBytes : (bounds[last]?.[1] ?? runStart);
    const bytes = await readRange(file, runStart, runEnd);
    for (let index = first; index <= last; index++) {
      const [start, end] = bounds[index] ?? [0, 0];
      const to = Math.min(end, start + maxBytes, runStart + bytes.length) - runStart;
      let text = bytes.toString('utf8', start - runStart, to).replace(/\r?\n$/, '');
      if (end - start > maxBytes)
        text += `\n… [${(end - start - maxBytes).toLocaleString('en-US')} more bytes not shown]`;
      texts.push(text);
    }
    first = last + 1;
  }
  return texts;
}

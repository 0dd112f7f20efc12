import { lineChunks, lineStartAtOrAfter, type LogFileReader } from './log-file-reader.ts';
import { isTimestampAt, levelRankOfLine, levelWordsFrom, NEWLINE } from './log-line-format.ts';

// An entry is a timestamped line plus the lines under it that do not start with a timestamp (a stack
// trace). Lines before the file's first timestamped line have no entry above them: each is its own entry.

export interface EntryScan {
  /** An entry start: where to begin. */
  from: number;
  /** An entry start or the file's size: where to stop. */
  to: number;
  /** Offset of the file's first timestamped line (Infinity when it has none). */
  firstTimestamp: number;
  /** Keep entries whose level ranks at least this (1 DEBUG … 5 CRITICAL); 0 keeps every entry. */
  minRank: number;
  /** Case-insensitive literal the entry must contain; empty for none. */
  searchTerm: string;
  windowBytes?: number;
}

/** Called with each kept entry's byte range, in file order; returning false stops the scan. */
export type EntryVisitor = (start: number, end: number) => unknown;

/** Visits the entries of [from, to) that pass the level and search filters. */
export function scanEntries(file: LogFileReader, scan: EntryScan, visit: EntryVisitor): Promise<void> {
  const needle = candidateRegExp(scan);
  return needle ? scanByCandidates(file, scan, needle, visit) : scanLineByLine(file, scan, visit);
}

/** The first entry start in [position, to), or `to`. */
export async function entryStartAtOrAfter(
  file: LogFileReader,
  position: number,
  to: number,
  firstTimestamp: number,
): Promise<number> {
  const lineStart = await lineStartAtOrAfter(file, position, to);
  if (lineStart < firstTimestamp) return lineStart;
  for await (const { bytes, base, midLine } of lineChunks(file, lineStart, to, 64 * 1024)) {
    const length = bytes.length;
    for (let at = midLine ? bytes.indexOf(NEWLINE) + 1 || length : 0; at < length;) {
      if (isTimestampAt(bytes, at, length)) return base + at;
      const newline = bytes.indexOf(NEWLINE, at);
      if (newline === -1) break;
      at = newline + 1;
    }
  }
  return to;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression over the file's bytes read as latin1 that finds every place an entry could match,
 * so the scan jumps between candidates instead of visiting each line; or undefined when most lines would be
 * candidates anyway (no search and a level filter of INFO or lower).
 */
export function candidateRegExp(scan: Pick<EntryScan, 'minRank' | 'searchTerm'>): RegExp | undefined {
  if (scan.searchTerm) {
    // Plain ASCII: let the engine fold case (it never folds an ASCII letter onto a non-ASCII byte).
    if (/^[\x20-\x7e]*$/.test(scan.searchTerm)) return new RegExp(escapeRegExp(scan.searchTerm), 'gi');
    // Otherwise match the UTF-8 bytes of each character's lower- and upper-case forms, as latin1 text.
    const pattern = [...scan.searchTerm]
      .map((char) => {
        const forms = [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter(
          (form) => [...form].length === 1,
        );
        const alternatives = forms.map((form) => escapeRegExp(Buffer.from(form, 'utf8').toString('latin1')));
        return alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`;
      })
      .join('');
    return new RegExp(pattern, 'g');
  }
  if (scan.minRank >= 3) return new RegExp(` - (?:${levelWordsFrom(scan.minRank).join('|')}) - `, 'g');
  return undefined;
}

/** Every line start is looked at: used without a search term and with no or a low level filter. */
async function scanLineByLine(file: LogFileReader, scan: EntryScan, visit: EntryVisitor): Promise<void> {
  let current = -1; // start of the entry in progress
  let currentKept = false;
  for await (const { bytes, base, midLine } of lineChunks(file, scan.from, scan.to, scan.windowBytes)) {
    const length = bytes.length;
    let lineStart = midLine ? bytes.indexOf(NEWLINE) + 1 || length : 0;
    while (lineStart < length) {
      const newline = bytes.indexOf(NEWLINE, lineStart);
      const lineEnd = newline === -1 ? length : newline;
      const timestamped = isTimestampAt(bytes, lineStart, length);
      if (timestamped || base + lineStart < scan.firstTimestamp) {
        if (currentKept && visit(current, base + lineStart) === false) return;
        current = base + lineStart;
        currentKept = scan.minRank === 0 || (timestamped && levelRankOfLine(bytes, lineStart, lineEnd) >= scan.minRank);
      }
      lineStart = lineEnd + 1;
    }
  }
  if (currentKept) visit(current, scan.to);
}

/**
 * Text handed to the regular expression at once. Strings up to this size are young-generation objects;
 * a whole 1 MiB window as one string would be a large object, and collecting those costs more than the search.
 */
const PIECE_BYTES = 96 * 1024;

/** Jumps from candidate to candidate; only the lines around each one are looked at. */
async function scanByCandidates(
  file: LogFileReader,
  scan: EntryScan,
  needle: RegExp,
  visit: EntryVisitor,
): Promise<void> {
  // The entry in progress where the previous piece ended, and whether it already matched (its end unknown).
  let carried = { start: scan.from, rank: 0 };
  let carriedMatched = false;

  /** One piece of whole lines (unless midLine at its start); false when the visitor asked to stop. */
  const scanPiece = (bytes: Buffer, base: number, midLine: boolean): boolean => {
    const text = bytes.toString('latin1');
    const length = text.length;
    const isEntryStart = (lineStart: number) =>
      !(lineStart === 0 && midLine) &&
      (isTimestampAt(bytes, lineStart, length) || base + lineStart < scan.firstTimestamp);
    const rankAt = (lineStart: number) => {
      if (scan.minRank === 0 || !isTimestampAt(bytes, lineStart, length)) return 0;
      const newline = text.indexOf('\n', lineStart);
      return levelRankOfLine(bytes, lineStart, newline === -1 ? length : newline);
    };
    /** The first entry start after `position`'s line, or `length` when the entry runs past this piece. */
    const nextEntryStart = (position: number) => {
      for (let newline = text.indexOf('\n', position); newline !== -1 && newline + 1 < length;) {
        if (isEntryStart(newline + 1)) return newline + 1;
        newline = text.indexOf('\n', newline + 1);
      }
      return length;
    };
    /** The start of the entry holding `position`, or -1 when it began in an earlier piece. */
    const entryStartAtOrBefore = (position: number) => {
      let lineStart = position === 0 ? 0 : text.lastIndexOf('\n', position - 1) + 1;
      for (;;) {
        if (isEntryStart(lineStart)) return lineStart;
        if (lineStart === 0) return -1;
        lineStart = lineStart <= 1 ? 0 : text.lastIndexOf('\n', lineStart - 2) + 1;
      }
    };

    let searchFrom = 0;
    if (carriedMatched) {
      searchFrom = isEntryStart(0) ? 0 : nextEntryStart(0);
      if (searchFrom === length) return true; // the matched entry goes on through this whole piece
      carriedMatched = false;
      if (visit(carried.start, base + searchFrom) === false) return false;
    }

    needle.lastIndex = searchFrom;
    for (let found = needle.exec(text); found; found = needle.exec(text)) {
      const at = found.index;
      const start = entryStartAtOrBefore(at);
      const rank = start === -1 ? carried.rank : rankAt(start);
      const end = nextEntryStart(at);
      const kept = rank >= scan.minRank;
      if (end === length) {
        // The entry may go on in the next piece: settle it there.
        carriedMatched = kept;
        if (start !== -1) carried = { start: base + start, rank };
        break;
      }
      if (kept && visit(start === -1 ? carried.start : base + start, base + end) === false) return false;
      needle.lastIndex = end;
      if (found[0].length === 0) needle.lastIndex += 1;
    }

    if (!carriedMatched && length > 0) {
      const last = entryStartAtOrBefore(length - 1);
      if (last !== -1) carried = { start: base + last, rank: rankAt(last) };
    }
    return true;
  };

  for await (const { bytes, base, midLine } of lineChunks(file, scan.from, scan.to, scan.windowBytes)) {
    for (let from = 0; from < bytes.length;) {
      let to = Math.min(bytes.length, from + PIECE_BYTES);
      if (to < bytes.length) {
        // End the piece after a line, so no line (and no match inside one) is cut in two.
        const before = bytes.lastIndexOf(NEWLINE, to - 1);
        const after = before >= from ? before : bytes.indexOf(NEWLINE, to);
        to = after === -1 ? bytes.length : after + 1;
      }
      if (!scanPiece(bytes.subarray(from, to), base + from, from === 0 && midLine)) return;
      from = to;
    }
  }
  if (carriedMatched) visit(carried.start, scan.to);
}

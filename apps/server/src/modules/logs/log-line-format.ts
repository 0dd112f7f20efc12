import { LOG_LEVELS, type LogLevel } from '@mining-hub/contract/logs';

// Byte-level reading of `YYYY-MM-DD HH:MM:SS,mmm - <logger> - <LEVEL> - <message>` (logging.ts writes it).
// Everything works on raw bytes: decoding every line of a large file to a string would cost more than the scan.

export const NEWLINE = 0x0a;
export const TIMESTAMP_LENGTH = 23;

const DASH = 0x2d;
const SPACE = 0x20;
const COLON = 0x3a;
const COMMA = 0x2c;

const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22];

const digitAt = (bytes: Uint8Array, index: number) => (bytes[index] ?? 0) - 0x30;

/** True when a line starting at `index` begins with a timestamp (`end` bounds the readable bytes). */
export function isTimestampAt(bytes: Uint8Array, index: number, end: number): boolean {
  if (end - index < TIMESTAMP_LENGTH) return false;
  if (
    bytes[index + 4] !== DASH ||
    bytes[index + 7] !== DASH ||
    bytes[index + 10] !== SPACE ||
    bytes[index + 13] !== COLON ||
    bytes[index + 16] !== COLON ||
    bytes[index + 19] !== COMMA
  ) {
    return false;
  }
  for (const offset of DIGIT_POSITIONS) {
    const digit = digitAt(bytes, index + offset);
    if (digit < 0 || digit > 9) return false;
  }
  return true;
}

const number = (bytes: Uint8Array, index: number, width: number) => {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 10 + digitAt(bytes, index + i);
  return value;
};

/**
 * Epoch ms of the timestamp at `index` (checked with isTimestampAt first), read in the server's local
 * zone like logging.ts writes it; NaN for an impossible date such as month 13.
 */
export function parseTimestampAt(bytes: Uint8Array, index: number): number {
  const year = number(bytes, index, 4);
  const month = number(bytes, index + 5, 2);
  const day = number(bytes, index + 8, 2);
  const hour = number(bytes, index + 11, 2);
  const minute = number(bytes, index + 14, 2);
  const second = number(bytes, index + 17, 2);
  const millisecond = number(bytes, index + 20, 3);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return Number.NaN;
  return new Date(year, month - 1, day, hour, minute, second, millisecond).getTime();
}

/** Severity rank of each level word: 1 (DEBUG) … 5 (CRITICAL); 0 means no known level. */
const LEVEL_WORDS: { word: Uint8Array; rank: number }[] = [
  ...LOG_LEVELS.map((level, index) => ({ word: Buffer.from(level, 'latin1'), rank: index + 1 })),
  // Spellings other loggers use for the same severities.
  { word: Buffer.from('WARN', 'latin1'), rank: 3 },
  { word: Buffer.from('FATAL', 'latin1'), rank: 5 },
];

export const levelRank = (level: LogLevel) => LOG_LEVELS.indexOf(level) + 1;

/** Every word that names a level of at least `rank`, e.g. for rank 4: ERROR, CRITICAL, FATAL. */
export const levelWordsFrom = (rank: number) =>
  LEVEL_WORDS.filter((entry) => entry.rank >= rank).map((entry) => Buffer.from(entry.word).toString('latin1'));

/** Offset of the next ` - ` in [from, end), or -1. */
function separatorFrom(bytes: Uint8Array, from: number, end: number): number {
  for (let i = from; i + 3 <= end; i++) {
    if (bytes[i] === SPACE && bytes[i + 1] === DASH && bytes[i + 2] === SPACE) return i;
  }
  return -1;
}

function sameBytes(bytes: Uint8Array, start: number, end: number, word: Uint8Array): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[start + i] !== word[i]) return false;
  return true;
}

/**
 * The level rank of a timestamped line [lineStart, lineEnd): the word between the logger's ` - ` and the
 * message's ` - `. Both separators are required, so the rank agrees with a search for ` - ERROR - `.
 */
export function levelRankOfLine(bytes: Uint8Array, lineStart: number, lineEnd: number): number {
  const afterTimestamp = lineStart + TIMESTAMP_LENGTH;
  if (separatorFrom(bytes, afterTimestamp, Math.min(lineEnd, afterTimestamp + 3)) !== afterTimestamp) return 0;
  // Logger names are short; giving up after a few hundred bytes keeps a pathological line cheap.
  const limit = Math.min(lineEnd, afterTimestamp + 256);
  const loggerEnd = separatorFrom(bytes, afterTimestamp + 3, limit);
  if (loggerEnd === -1) return 0;
  const levelStart = loggerEnd + 3;
  const levelEnd = separatorFrom(bytes, levelStart, Math.min(lineEnd, levelStart + 12));
  if (levelEnd === -1) return 0;
  for (const { word, rank } of LEVEL_WORDS) if (sameBytes(bytes, levelStart, levelEnd, word)) return rank;
  return 0;
}

import { lineStartAtOrAfter, readRange, type LogFileReader } from './log-file-reader.ts';
import { isTimestampAt, NEWLINE, parseTimestampAt, TIMESTAMP_LENGTH } from './log-line-format.ts';

/** Bytes read per probe: a few dozen typical lines. */
const PROBE_BYTES = 16 * 1024;

interface TimestampedLine {
  offset: number;
  time: number;
}

/**
 * The first timestamped line starting in [from, to), with its time; undefined when there is none.
 * Lines whose timestamp is not a real date are skipped like any other untimestamped line.
 */
export async function nextTimestampedLine(
  file: LogFileReader,
  from: number,
  to: number,
): Promise<TimestampedLine | undefined> {
  let lineStart = await lineStartAtOrAfter(file, from, to);
  while (lineStart < to) {
    // A line starting just before `to` may need bytes past it for its timestamp.
    const wanted = Math.min(PROBE_BYTES, to + TIMESTAMP_LENGTH - lineStart);
    const window = await readRange(file, lineStart, lineStart + wanted);
    const complete = window.length < wanted; // the file ends inside this window
    let position = 0;
    for (;;) {
      if (isTimestampAt(window, position, window.length)) {
        const time = parseTimestampAt(window, position);
        if (!Number.isNaN(time)) return { offset: lineStart + position, time };
      }
      const newline = window.indexOf(NEWLINE, position);
      if (newline === -1) {
        if (complete) return undefined;
        lineStart = await lineStartAtOrAfter(file, lineStart + window.length, to);
        break;
      }
      position = newline + 1;
      if (lineStart + position >= to) return undefined;
      if (!complete && position + TIMESTAMP_LENGTH > window.length) {
        lineStart += position; // too little of this line is here to judge it: read on from it
        break;
      }
    }
  }
  return undefined;
}

/**
 * Offset of the first entry in [from, to) whose timestamp is at or after `time` (`to` when there is none).
 * Log files are written in time order, so this is a binary search over byte offsets: about 30 small reads
 * for a file of any size instead of reading it from the start.
 */
export async function firstEntryAtOrAfter(
  file: LogFileReader,
  time: number,
  from: number,
  to: number,
): Promise<number> {
  let low = from; // every timestamped line starting before `low` is older than `time`
  let high = to; // no timestamped line starts in [high, best)
  let best = to; // the earliest line known to be at or after `time`
  while (high - low > PROBE_BYTES) {
    const middle = low + Math.floor((high - low) / 2);
    const probe = await nextTimestampedLine(file, middle, high);
    if (!probe) {
      high = middle;
    } else if (probe.time >= time) {
      best = probe.offset;
      high = middle;
    } else {
      low = probe.offset + 1;
    }
  }
  // Finish with a short forward walk over what is left.
  for (let at = low; at < high;) {
    const line = await nextTimestampedLine(file, at, high);
    if (!line) break;
    if (line.time >= time) return line.offset;
    at = line.offset + 1;
  }
  return best;
}

import { describe, expect, it } from 'vitest';
import { isTimestampAt, levelRankOfLine, levelWordsFrom, parseTimestampAt } from './log-line-format.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const rank = (line: string) => levelRankOfLine(bytes(line), 0, Buffer.byteLength(line));

describe('log line format', () => {
  it('recognises a timestamp only at the start of a line and only in full', () => {
    const line = bytes('2026-11-22 09:30:00,123 - app - INFO - ready');
    expect(isTimestampAt(line, 0, line.length)).toBe(true);
    expect(isTimestampAt(line, 0, 22)).toBe(false); // cut off
    for (const text of [
      '    at x (2026-11-22 09:30:00,123)',
      '2026-11-22T09:30:00,123 - app',
      '2026-11-22 09:30:00.123 - a',
      '26-11-22 09:30:00,123 - a',
    ]) {
      expect(isTimestampAt(bytes(text), 0, Buffer.byteLength(text))).toBe(false);
    }
  });

  it('reads the timestamp in local time, and NaN for an impossible date', () => {
    expect(parseTimestampAt(bytes('2026-11-22 09:30:05,042'), 0)).toBe(new Date(2026, 10, 22, 9, 30, 5, 42).getTime());
    expect(parseTimestampAt(bytes('2026-13-22 09:30:05,042'), 0)).toBeNaN();
    expect(parseTimestampAt(bytes('2026-11-22 24:30:05,042'), 0)).toBeNaN();
  });

  it('ranks the level word between the logger and the message', () => {
    expect(rank('2026-11-22 09:30:05,042 - app - DEBUG - x')).toBe(1);
    expect(rank('2026-11-22 09:30:05,042 - news.fetch - INFO - x')).toBe(2);
    expect(rank('2026-11-22 09:30:05,042 - app - WARNING - x')).toBe(3);
    expect(rank('2026-11-22 09:30:05,042 - app - WARN - x')).toBe(3);
    expect(rank('2026-11-22 09:30:05,042 - app - ERROR - ')).toBe(4);
    expect(rank('2026-11-22 09:30:05,042 - app - CRITICAL - x - ERROR - y')).toBe(5);
    // The message may say ERROR; the level is still INFO.
    expect(rank('2026-11-22 09:30:05,042 - app - INFO - saw " - ERROR - " upstream')).toBe(2);
    expect(rank('2026-11-22 09:30:05,042 - app - NOTICE - x')).toBe(0);
    expect(rank('2026-11-22 09:30:05,042 - app - ERROR')).toBe(0); // no message separator
    expect(rank('2026-11-22 09:30:05,042 app ERROR x')).toBe(0);
  });

  it('lists the level words at or above a rank', () => {
    expect(levelWordsFrom(4)).toEqual(['ERROR', 'CRITICAL', 'FATAL']);
    expect(levelWordsFrom(3)).toEqual(['WARNING', 'ERROR', 'CRITICAL', 'WARN', 'FATAL']);
  });
});

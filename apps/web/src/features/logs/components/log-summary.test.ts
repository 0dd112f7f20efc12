import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { formatSince } from './log-summary.tsx';

describe('formatSince', () => {
  it("reads as every other date and time on screen: 'Jan 5, 2026, 3:04 PM', no seconds", () => {
    const since = formatSince('2026-01-05T15:04:05.000Z');
    expect(since.startsWith(formatDate('2026-01-05T15:04:05.000Z'))).toBe(true);
    expect(since).toMatch(/, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatSince(null)).toBe('All time');
  });
});

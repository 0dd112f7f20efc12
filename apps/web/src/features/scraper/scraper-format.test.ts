import { describe, expect, it } from 'vitest';
import { formatEstimate, formatModified, formatRemaining, wholePercent } from './scraper-format.ts';

const now = new Date(2026, 10, 22, 9, 0, 0);
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('formatRemaining', () => {
  it('rounds to minutes and hours', () => {
    expect(formatRemaining(later(0.2), now)).toBe('less than a minute');
    expect(formatRemaining(later(-3), now)).toBe('less than a minute');
    expect(formatRemaining(later(12), now)).toBe('12 min');
    expect(formatRemaining(later(120), now)).toBe('2 h');
    expect(formatRemaining(later(125), now)).toBe('2 h 5 min');
  });
});

describe('formatEstimate', () => {
  it('gives the clock time and the time left, with the date when not today', () => {
    expect(formatEstimate(later(12).toISOString(), now)).toBe('9:12 AM (in 12 min)');
    expect(formatEstimate(later(24 * 60).toISOString(), now)).toBe('Nov 23, 2026, 9:00 AM (in 24 h)');
  });
});

describe('formatModified', () => {
  it('reads epoch seconds', () => {
    expect(formatModified(now.getTime() / 1000)).toBe('Nov 22, 2026, 9:00 AM');
  });
});

describe('wholePercent', () => {
  it('rounds and clamps', () => {
    expect(wholePercent(42.6)).toBe(43);
    expect(wholePercent(-1)).toBe(0);
    expect(wholePercent(100.4)).toBe(100);
  });
});

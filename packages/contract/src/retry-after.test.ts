import { describe, expect, it } from 'vitest';
import { parseRetryAfterMs, RETRY_AFTER_MAX_MS } from './retry-after.ts';

const NOW = Date.parse('2026-03-15T12:00:00Z');

describe('parseRetryAfterMs', () => {
  it('reads delay-seconds, including fractions and zero', () => {
    expect(parseRetryAfterMs('6', { now: NOW })).toBe(6000);
    expect(parseRetryAfterMs(' 1.5 ', { now: NOW })).toBe(1500);
    expect(parseRetryAfterMs('0', { now: NOW })).toBe(0);
  });

  it('reads an HTTP-date as the time left until it', () => {
    expect(parseRetryAfterMs('Sun, 15 Mar 2026 12:00:30 GMT', { now: NOW })).toBe(30_000);
  });

  it('treats a date already past, or negative seconds, as no wait', () => {
    expect(parseRetryAfterMs('Sun, 15 Mar 2026 11:59:00 GMT', { now: NOW })).toBe(0);
    expect(parseRetryAfterMs('-5', { now: NOW })).toBe(0);
  });

  it('ignores a missing, empty or unreadable header', () => {
    expect(parseRetryAfterMs(undefined)).toBeUndefined();
    expect(parseRetryAfterMs(null)).toBeUndefined();
    expect(parseRetryAfterMs('  ')).toBeUndefined();
    expect(parseRetryAfterMs('soon, please')).toBeUndefined();
  });

  it('caps the wait when asked to', () => {
    expect(parseRetryAfterMs('3600', { maxMs: RETRY_AFTER_MAX_MS })).toBe(60_000);
    expect(parseRetryAfterMs('Mon, 16 Mar 2026 12:00:00 GMT', { now: NOW, maxMs: 10_000 })).toBe(10_000);
    expect(parseRetryAfterMs('3600')).toBe(3_600_000);
  });

  it('reads the first of repeated headers', () => {
    expect(parseRetryAfterMs(['2', '9'], { now: NOW })).toBe(2000);
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkCustomDateTimeRange,
  CUSTOM_RANGE_MESSAGES,
  localWallTimeToInstant,
  logReadRequestSchema,
  parseCustomDate,
  parseCustomTime,
  type CustomDateTimeRange,
} from './logs.ts';

const NOW = new Date(2026, 10, 22, 15, 45, 30).getTime();
const range = (from: [string, string, 'AM' | 'PM'], to: [string, string, 'AM' | 'PM']): CustomDateTimeRange => ({
  fromDateTime: { date: from[0], time: from[1], period: from[2] },
  toDateTime: { date: to[0], time: to[1], period: to[2] },
});
const check = (customRange: CustomDateTimeRange) => checkCustomDateTimeRange(customRange, NOW, localWallTimeToInstant);

describe('custom date and time rules (SPEC.md section 5)', () => {
  it('accepts real DD/MM/YYYY dates between 1900 and 2100 only', () => {
    expect(parseCustomDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCustomDate('1/3/2025')).toEqual({ year: 2025, month: 3, day: 1 });
    for (const bad of [
      '31/02/2025',
      '29/02/2025',
      '31/04/2026',
      '00/01/2026',
      '12/13/2026',
      '01/01/1899',
      '01/01/2101',
      '2026-11-22',
      '11/22',
      '',
    ]) {
      expect(parseCustomDate(bad), bad).toBeUndefined();
    }
  });

  it('accepts HH:MM with hours 1-12 and turns them into 24-hour time', () => {
    expect(parseCustomTime('12:00', 'AM')).toEqual({ hour: 0, minute: 0 });
    expect(parseCustomTime('12:30', 'PM')).toEqual({ hour: 12, minute: 30 });
    expect(parseCustomTime('9:05', 'PM')).toEqual({ hour: 21, minute: 5 });
    for (const bad of ['00:30', '13:00', '12:60', '9:5', '0930', ''])
      expect(parseCustomTime(bad, 'AM'), bad).toBeUndefined();
  });

  it('names each broken field with the spec message', () => {
    expect(check(range(['31/02/2025', '00:30', 'AM'], ['x', '1:00', 'PM'])).errors).toEqual({
      fromDate: CUSTOM_RANGE_MESSAGES.invalidDate,
      fromTime: CUSTOM_RANGE_MESSAGES.invalidTime,
      toDate: CUSTOM_RANGE_MESSAGES.invalidDate,
    });
  });

  it('wants From before To and neither in the future', () => {
    expect(check(range(['22/11/2026', '3:00', 'PM'], ['22/11/2026', '3:00', 'PM'])).errors).toEqual({
      range: CUSTOM_RANGE_MESSAGES.fromAfterTo,
    });
    expect(check(range(['23/11/2026', '1:00', 'AM'], ['24/11/2026', '1:00', 'AM'])).errors).toEqual({
      fromDate: CUSTOM_RANGE_MESSAGES.fromInFuture,
      toDate: CUSTOM_RANGE_MESSAGES.toInFuture,
    });
    const ok = check(range(['21/11/2026', '12:00', 'AM'], ['22/11/2026', '3:45', 'PM']));
    expect(ok).toEqual({
      errors: {},
      from: new Date(2026, 10, 21, 0, 0).getTime(),
      to: new Date(2026, 10, 22, 15, 45).getTime(),
    });
  });
});

describe('log read request', () => {
  it('fills the spec defaults and refuses what the screen never sends', () => {
    expect(logReadRequestSchema.parse({ log_file: 'app.log' })).toEqual({
      log_file: 'app.log',
      time_filter: '1h',
      search_term: '',
      log_level: '',
      page: 1,
      page_size: 1000,
      order: 'newest',
    });
    for (const bad of [
      { order: 'latest' },
      { page: 0 },
      { page_size: 7 },
      { search_term: 'x'.repeat(10_000) },
      { log_level: 'LOUD' },
      { time_filter: '2h' },
    ]) {
      expect(
        logReadRequestSchema.safeParse({ log_file: 'app.log', ...bad }).success,
        JSON.stringify(bad).slice(0, 40),
      ).toBe(false);
    }
  });
});

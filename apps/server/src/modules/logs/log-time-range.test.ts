import { CUSTOM_RANGE_MESSAGES, logReadRequestSchema, type CustomDateTimeRange } from '@mining-hub/contract/logs';
import { describe, expect, it } from 'vitest';
import { timeWindowOf, wallTimeConverter } from './log-time-range.ts';

const NOW = new Date(2026, 10, 22, 15, 45, 30).getTime();
const read = (body: object) => logReadRequestSchema.parse({ log_file: 'app.log', ...body });
const range = (from: [string, string, 'AM' | 'PM'], to: [string, string, 'AM' | 'PM']): CustomDateTimeRange => ({
  fromDateTime: { date: from[0], time: from[1], period: from[2] },
  toDateTime: { date: to[0], time: to[1], period: to[2] },
});
const refused = (customRange: CustomDateTimeRange) => {
  try {
    timeWindowOf(read({ custom_date_time_range: customRange }), NOW);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('timeWindowOf', () => {
  it('reaches back from now by the time filter, or not at all', () => {
    expect(timeWindowOf(read({}), NOW)).toEqual({ from: NOW - 3_600_000 });
    expect(timeWindowOf(read({ time_filter: '5m' }), NOW)).toEqual({ from: NOW - 300_000 });
    expect(timeWindowOf(read({ time_filter: '24h' }), NOW)).toEqual({ from: NOW - 86_400_000 });
    expect(timeWindowOf(read({ time_filter: 'all' }), NOW)).toEqual({});
  });

  it('prefers a valid custom range and includes its whole To minute', () => {
    const window = timeWindowOf(
      read({
        time_filter: '5m',
        custom_date_time_range: range(['21/11/2026', '12:00', 'AM'], ['22/11/2026', '3:45', 'PM']),
      }),
      NOW,
    );
    expect(window).toEqual({
      from: new Date(2026, 10, 21, 0, 0).getTime(),
      to: new Date(2026, 10, 22, 15, 46).getTime(),
    });
  });

  it('refuses a custom range the page would refuse, with the page message', () => {
    expect(refused(range(['31/02/2025', '1:00', 'AM'], ['01/03/2025', '1:00', 'AM']))).toMatchObject({
      statusCode: 400,
      message: CUSTOM_RANGE_MESSAGES.invalidDate,
    });
    expect(refused(range(['01/02/2025', '00:30', 'AM'], ['01/03/2025', '1:00', 'AM']))).toMatchObject({
      message: CUSTOM_RANGE_MESSAGES.invalidTime,
    });
    expect(refused(range(['22/11/2026', '3:00', 'PM'], ['22/11/2026', '2:00', 'PM']))).toMatchObject({
      message: CUSTOM_RANGE_MESSAGES.fromAfterTo,
    });
    expect(refused(range(['22/11/2026', '3:00', 'PM'], ['23/11/2026', '2:00', 'PM']))).toMatchObject({
      message: CUSTOM_RANGE_MESSAGES.toInFuture,
    });
    expect(refused(range(['22/11/2026', '3:00', 'PM'], ['22/11/2026', '3:46', 'PM']))).toBeUndefined(); // a minute of clock skew
  });
});

describe('wallTimeConverter', () => {
  const wall = { year: 2026, month: 7, day: 1, hour: 9, minute: 30 };
  it('reads a wall-clock minute in the named zone, daylight saving included', () => {
    expect(wallTimeConverter('UTC')(wall)).toBe(Date.UTC(2026, 6, 1, 9, 30));
    expect(wallTimeConverter('Australia/Perth')(wall)).toBe(Date.UTC(2026, 6, 1, 1, 30));
    expect(wallTimeConverter('Europe/Berlin')(wall)).toBe(Date.UTC(2026, 6, 1, 7, 30)); // summer: UTC+2
    expect(wallTimeConverter('Europe/Berlin')({ ...wall, month: 1 })).toBe(Date.UTC(2026, 0, 1, 8, 30));
    expect(wallTimeConverter('America/Vancouver')(wall)).toBe(Date.UTC(2026, 6, 1, 16, 30));
  });

  it('uses the server zone without a name and refuses an unknown one', () => {
    expect(wallTimeConverter(undefined)(wall)).toBe(new Date(2026, 6, 1, 9, 30).getTime());
    expect(() => wallTimeConverter('Mars/Olympus_Mons')).toThrow(/Unknown time zone/);
  });
});

import { CUSTOM_RANGE_MESSAGES } from '@mining-hub/contract/logs';
import { describe, expect, it } from 'vitest';
import { checkCustomRange, dateOfField, defaultCustomRange, toLogDateTime } from './custom-range.ts';

describe('custom range', () => {
  it('shows moments as DD/MM/YYYY and 12-hour HH:MM with AM/PM', () => {
    expect(toLogDateTime(new Date(2026, 10, 2, 0, 5))).toEqual({ date: '02/11/2026', time: '12:05', period: 'AM' });
    expect(toLogDateTime(new Date(2026, 10, 2, 12, 0))).toEqual({ date: '02/11/2026', time: '12:00', period: 'PM' });
    expect(toLogDateTime(new Date(2026, 10, 2, 15, 45))).toEqual({ date: '02/11/2026', time: '03:45', period: 'PM' });
  });

  it('starts at yesterday 12:00 AM and ends now, which passes the rules', () => {
    const now = new Date(2026, 0, 1, 9, 30, 20);
    const range = defaultCustomRange(now);
    expect(range).toEqual({
      fromDateTime: { date: '31/12/2025', time: '12:00', period: 'AM' },
      toDateTime: { date: '01/01/2026', time: '09:30', period: 'AM' },
    });
    expect(checkCustomRange(range, now.getTime()).errors).toEqual({});
  });

  it('reports the spec messages', () => {
    const now = new Date(2026, 0, 1, 9, 30).getTime();
    const checked = checkCustomRange(
      {
        fromDateTime: { date: '31/02/2025', time: '00:30', period: 'AM' },
        toDateTime: { date: '02/01/2026', time: '10:00', period: 'AM' },
      },
      now,
    );
    expect(checked.errors).toEqual({
      fromDate: CUSTOM_RANGE_MESSAGES.invalidDate,
      fromTime: CUSTOM_RANGE_MESSAGES.invalidTime,
    });
  });

  it('reads a field back as a calendar day only when it is a real date', () => {
    expect(dateOfField('29/02/2024')).toEqual(new Date(2024, 1, 29));
    expect(dateOfField('30/02/2024')).toBeUndefined();
  });
});

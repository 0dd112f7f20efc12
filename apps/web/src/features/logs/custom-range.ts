import {
  checkCustomDateTimeRange,
  localWallTimeToInstant,
  parseCustomDate,
  type CheckedCustomRange,
  type CustomDateTimeRange,
  type LogDateTime,
} from '@mining-hub/contract/logs';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the custom range shows it: DD/MM/YYYY, HH:MM (01-12) and AM/PM, in the browser's zone. */
export function toLogDateTime(date: Date): LogDateTime {
  const hours = date.getHours();
  return {
    date: formatFieldDate(date),
    time: `${pad(hours % 12 || 12)}:${pad(date.getMinutes())}`,
    period: hours < 12 ? 'AM' : 'PM',
  };
}

/** DD/MM/YYYY of a date. */
export const formatFieldDate = (date: Date) =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

/** The day a DD/MM/YYYY field names, for the calendar; undefined while it is not a real date. */
export function dateOfField(value: string): Date | undefined {
  const parsed = parseCustomDate(value);
  return parsed ? new Date(parsed.year, parsed.month - 1, parsed.day) : undefined;
}

/** SPEC.md section 4: turning the custom filter on starts it at yesterday 12:00 AM and ends it now. */
export function defaultCustomRange(now: Date): CustomDateTimeRange {
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return { fromDateTime: toLogDateTime(yesterday), toDateTime: toLogDateTime(now) };
}

/** The section 5 rules, with the range read in the browser's own time zone. */
export const checkCustomRange = (range: CustomDateTimeRange, now: number): CheckedCustomRange =>
  checkCustomDateTimeRange(range, now, localWallTimeToInstant);

/** The browser's IANA zone, sent with a custom range so the server reads it as the user meant it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

import {
  checkCustomDateTimeRange,
  LOG_TIME_FILTER_MS,
  localWallTimeToInstant,
  type LogReadQuery,
  type WallTime,
} from '@mining-hub/contract/logs';
import { badRequest } from '../../errors.ts';

/** Browser and server clocks drift apart a little: a To of "now" picked on the page must still pass here. */
export const CLOCK_SKEW_MS = 60_000;
const MINUTE_MS = 60_000;

/** A span of time in epoch ms: `from` inclusive, `to` exclusive; an absent end is open. */
export interface TimeWindow {
  from?: number;
  to?: number;
}

/**
 * The window a read asks for: its custom range when one is given (checked with the page's rules; the To
 * minute is included whole), otherwise the time filter reaching back from `now`, or all time.
 */
export function timeWindowOf(
  query: Pick<LogReadQuery, 'time_filter' | 'custom_date_time_range' | 'time_zone'>,
  now: number,
): TimeWindow {
  const range = query.custom_date_time_range;
  if (range) {
    const checked = checkCustomDateTimeRange(range, now + CLOCK_SKEW_MS, wallTimeConverter(query.time_zone));
    if (checked.from === undefined || checked.to === undefined) {
      throw badRequest([...new Set(Object.values(checked.errors))].join('; '));
    }
    return { from: checked.from, to: checked.to + MINUTE_MS };
  }
  if (query.time_filter === 'all') return {};
  return { from: now - LOG_TIME_FILTER_MS[query.time_filter] };
}

/** Turns a wall-clock minute in `timeZone` (an IANA name; the server's own zone when absent) into epoch ms. */
export function wallTimeConverter(timeZone: string | undefined): (wall: WallTime) => number {
  if (!timeZone) return localWallTimeToInstant;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw badRequest(`Unknown time zone: ${timeZone}`);
  }
  /** How far the zone's clock is ahead of UTC at `instant`. */
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
    const wallAsUtc = Date.UTC(
      parts.year ?? 0,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
    );
    return wallAsUtc - (instant - (((instant % 1000) + 1000) % 1000));
  };
  return (wall) => {
    const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
    // The offset can differ between the guess and the answer around a daylight-saving change; one more step settles it.
    const guess = wallAsUtc - offsetAt(wallAsUtc);
    return wallAsUtc - offsetAt(guess);
  };
}

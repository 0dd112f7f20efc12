import { z } from 'zod';
import { successData } from './common.ts';

/** Relative time ranges of the viewer (SPEC.md section 9); `all` means no cutoff ('All time'). */
export const LOG_TIME_FILTERS = ['5m', '15m', '30m', '1h', '4h', '12h', '24h', 'all'] as const;
export const logTimeFilterSchema = z.enum(LOG_TIME_FILTERS);
export type LogTimeFilter = z.infer<typeof logTimeFilterSchema>;
export const DEFAULT_LOG_TIME_FILTER: LogTimeFilter = '1h';

/** Milliseconds each relative range reaches back from now. */
export const LOG_TIME_FILTER_MS: Record<Exclude<LogTimeFilter, 'all'>, number> = {
  '5m': 5 * 60_000,
  '15m': 15 * 60_000,
  '30m': 30 * 60_000,
  '1h': 60 * 60_000,
  '4h': 4 * 60 * 60_000,
  '12h': 12 * 60 * 60_000,
  '24h': 24 * 60 * 60_000,
};

/** Least to most severe; a level filter keeps its level and every one after it. */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'] as const;
export const logLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof logLevelSchema>;

export const LOG_PAGE_SIZES = [100, 500, 1000, 2000] as const;
export type LogPageSize = (typeof LOG_PAGE_SIZES)[number];
export const DEFAULT_LOG_PAGE_SIZE: LogPageSize = 1000;
const logPageSizeSchema = z.literal(LOG_PAGE_SIZES);

/**
 * Which end a read starts from: `newest` (page 1 holds the latest entries, the latest at the top) or
 * `oldest` (page 1 holds the first entries, the first at the top). Not in the spec's body, whose page
 * showed newest first.
 */
export const LOG_ORDERS = ['newest', 'oldest'] as const;
export const logOrderSchema = z.enum(LOG_ORDERS);
export type LogOrder = z.infer<typeof logOrderSchema>;
export const DEFAULT_LOG_ORDER: LogOrder = 'newest';

/** Longest search term accepted; longer ones are refused rather than scanned for. */
export const LOG_SEARCH_TERM_MAX = 500;

export const logFileSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
});
export type LogFile = z.infer<typeof logFileSchema>;
export const logFilesResponseSchema = successData(z.array(logFileSchema));

/** One end of a custom range as the page shows it: date DD/MM/YYYY, time HH:MM (1-12), AM or PM. */
export const logDateTimeSchema = z.object({
  date: z.string().max(20),
  time: z.string().max(10),
  period: z.enum(['AM', 'PM']),
});
export type LogDateTime = z.infer<typeof logDateTimeSchema>;

export const customDateTimeRangeSchema = z.object({
  fromDateTime: logDateTimeSchema,
  toDateTime: logDateTimeSchema,
});
export type CustomDateTimeRange = z.infer<typeof customDateTimeRangeSchema>;

export const logReadRequestSchema = z.object({
  log_file: z.string().min(1).max(255),
  time_filter: logTimeFilterSchema.default(DEFAULT_LOG_TIME_FILTER),
  search_term: z.string().max(LOG_SEARCH_TERM_MAX).default(''),
  /** Empty: every level. */
  log_level: z.union([logLevelSchema, z.literal('')]).default(''),
  /** Takes precedence over `time_filter` when given. */
  custom_date_time_range: customDateTimeRangeSchema.nullish(),
  /**
   * IANA time zone the custom range was picked in (the browser's); the server's own zone when absent.
   * Not in the spec's body: without it a user ahead of the server's zone could not pick "now".
   */
  time_zone: z.string().max(64).optional(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  page_size: logPageSizeSchema.default(DEFAULT_LOG_PAGE_SIZE),
  order: logOrderSchema.default(DEFAULT_LOG_ORDER),
});
export type LogReadRequest = z.input<typeof logReadRequestSchema>;
export type LogReadQuery = z.output<typeof logReadRequestSchema>;

export const logPaginationSchema = z.object({
  /** 1-based position of the first entry shown, counted from the end `order` starts at; 0 when the page is empty. */
  showing_start: z.number().int().nonnegative(),
  showing_end: z.number().int().nonnegative(),
  total_filtered: z.number().int().nonnegative(),
  current_page: z.number().int().positive(),
  total_pages: z.number().int().positive(),
  has_next: z.boolean(),
});
export type LogPagination = z.infer<typeof logPaginationSchema>;

export const logResultSchema = z.object({
  file_name: z.string(),
  total_lines_in_file: z.number().int().nonnegative(),
  /** Entries (a line and the stack-trace lines under it) that pass the filters. */
  filtered_lines: z.number().int().nonnegative(),
  /** ISO 8601 start of the time window; null for all time. */
  cutoff_time: z.string().nullable(),
  /** One string per entry, in the request's `order` (newest first by default); stack-trace lines joined with "\n". */
  lines: z.array(z.string()),
  pagination: logPaginationSchema,
});
export type LogResult = z.infer<typeof logResultSchema>;
export const logReadResponseSchema = successData(logResultSchema);

// Custom date/time rules (SPEC.md section 5), shared by the page and the server so both say the same thing.

export const CUSTOM_RANGE_MESSAGES = {
  invalidDate: 'Invalid date format (DD/MM/YYYY)',
  invalidTime: 'Invalid time format (HH:MM, 1-12)',
  fromAfterTo: 'From date/time must be before to date/time',
  fromInFuture: 'From date cannot be in the future',
  toInFuture: 'To date cannot be in the future',
} as const;

/** A wall-clock minute, month 1-12 and hour 0-23. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** Day, month and year of `DD/MM/YYYY` when it names a real calendar date between 1900 and 2100. */
export function parseCustomDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2100) return undefined;
  // Date.UTC rolls 31/02 over into March; a real date survives the round trip.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCDate() !== day || probe.getUTCMonth() !== month - 1) return undefined;
  return { year, month, day };
}

/** Hour (0-23) and minute of `HH:MM` with hour 1-12 and the given period. */
export function parseCustomTime(value: string, period: 'AM' | 'PM'): { hour: number; minute: number } | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [hour12, minute] = [Number(match[1]), Number(match[2])];
  if (hour12 < 1 || hour12 > 12 || minute > 59) return undefined;
  return { hour: (hour12 % 12) + (period === 'PM' ? 12 : 0), minute };
}

export type CustomRangeField = 'fromDate' | 'fromTime' | 'toDate' | 'toTime' | 'range';
export type CustomRangeErrors = Partial<Record<CustomRangeField, string>>;

export interface CheckedCustomRange {
  errors: CustomRangeErrors;
  /** Epoch ms of the from minute and of the to minute; set only when there are no errors. */
  from?: number;
  to?: number;
}

/**
 * Applies SPEC.md section 5 to a custom range. `toInstant` turns a wall-clock minute into epoch ms in the
 * zone the range was picked in (the browser's local zone on the page, the request's zone on the server).
 */
export function checkCustomDateTimeRange(
  range: CustomDateTimeRange,
  now: number,
  toInstant: (wall: WallTime) => number,
): CheckedCustomRange {
  const errors: CustomRangeErrors = {};
  const fromDate = parseCustomDate(range.fromDateTime.date);
  const fromTime = parseCustomTime(range.fromDateTime.time, range.fromDateTime.period);
  const toDate = parseCustomDate(range.toDateTime.date);
  const toTime = parseCustomTime(range.toDateTime.time, range.toDateTime.period);
  if (!fromDate) errors.fromDate = CUSTOM_RANGE_MESSAGES.invalidDate;
  if (!fromTime) errors.fromTime = CUSTOM_RANGE_MESSAGES.invalidTime;
  if (!toDate) errors.toDate = CUSTOM_RANGE_MESSAGES.invalidDate;
  if (!toTime) errors.toTime = CUSTOM_RANGE_MESSAGES.invalidTime;
  if (!fromDate || !fromTime || !toDate || !toTime) return { errors };

  const from = toInstant({ ...fromDate, ...fromTime });
  const to = toInstant({ ...toDate, ...toTime });
  if (from > now) errors.fromDate = CUSTOM_RANGE_MESSAGES.fromInFuture;
  if (to > now) errors.toDate = CUSTOM_RANGE_MESSAGES.toInFuture;
  if (from >= to) errors.range = CUSTOM_RANGE_MESSAGES.fromAfterTo;
  return Object.keys(errors).length > 0 ? { errors } : { errors, from, to };
}

/** The wall-clock minute in the runtime's local zone (what a browser user picks). */
export const localWallTimeToInstant = (wall: WallTime) =>
  new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute).getTime();

import {
  filterSetSchema,
  MAX_DATE_RANGE_DAYS,
  type FetchNewsRequest,
  type FilterSet,
  type NumberRange,
} from '@mining-hub/contract/news';
import {
  articleTypeFilterSchema,
  commodityNameToSymbol,
  customRangeDays,
  findCountry,
  findState,
  presetDays,
  STATE_COUNTRIES,
  STATES,
  type ArticleTypeFilterValue,
  type DatePresetValue,
  type Region,
} from '@mining-hub/contract/reference-data';

export type DateFilter = FilterSet['dateFilter'];

/** The State field's option groups: each country with states or provinces in the reference data, its own. */
export interface StateGroup {
  country: string;
  label: string;
  states: readonly Region[];
}
const STATE_GROUPS: readonly StateGroup[] = STATE_COUNTRIES.map((code) => ({
  country: code,
  label: findCountry(code)?.name ?? code,
  states: STATES.filter((state) => state.country === code),
}));

/**
 * What the State field offers: the chosen country's states or provinces only (none for a country without any
 * in the reference data), every group while no country is chosen.
 */
export function stateGroupsFor(country: string): readonly StateGroup[] {
  if (country === '') return STATE_GROUPS;
  const code = findCountry(country)?.code;
  return STATE_GROUPS.filter((group) => group.country === code);
}

/** The filters after a country is chosen: a chosen state that does not belong to it is cleared. */
export function selectCountry(filters: FilterSet, country: string): FilterSet {
  const state = filters.state === '' ? undefined : findState(filters.state);
  const keepsState =
    filters.state === '' || country === '' || (state !== undefined && state.country === findCountry(country)?.code);
  return { ...filters, country, ...(keepsState ? {} : { state: '' }) };
}

/** The filters a fresh page starts with (SPEC.md section 3): empty fields, preset 'today', ranges 0–10,000. */
export const DEFAULT_FILTER_SET: FilterSet = filterSetSchema.parse({});

const DAY_MS = 86_400_000;
/** 'Custom' starts as the last seven days up to now (SPEC.md section 4). */
const CUSTOM_DEFAULT_DAYS = 7;

/**
 * The date filter after the user picks a preset: 'custom' starts as the last 7 days up to now, any other
 * preset clears the custom range (SPEC.md section 4).
 */
export function selectDatePreset(preset: DatePresetValue, now: Date): DateFilter {
  if (preset !== 'custom') return { preset, customRange: null };
  return {
    preset,
    customRange: {
      startDate: new Date(now.getTime() - CUSTOM_DEFAULT_DAYS * DAY_MS).toISOString(),
      endDate: now.toISOString(),
    },
  };
}

export type Result<T> = { ok: true; value: T } | { ok: false; message: string };

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The custom range as dates, or null while either end is missing or unreadable. */
export function customRangeDates(filter: DateFilter): { start: Date | null; end: Date | null } {
  return { start: parseDate(filter.customRange?.startDate), end: parseDate(filter.customRange?.endDate) };
}

/**
 * Days the date filter sends as `dateRange`: the preset's count (SPEC.md section 9), or for a custom range the
 * days between its dates rounded up. A custom range must be complete, ordered, not in the future and at most
 * ten years wide, which is what the server accepts.
 */
export function dateRangeDays(filter: DateFilter, now: Date): Result<number> {
  const days = presetDays(filter.preset);
  if (days !== null) return { ok: true, value: days };
  const { start, end } = customRangeDates(filter);
  if (!start || !end) return { ok: false, message: 'Choose both a start and an end date for the custom range.' };
  if (start.getTime() >= end.getTime()) return { ok: false, message: 'The start date must be before the end date.' };
  if (end.getTime() > now.getTime()) return { ok: false, message: 'The custom range cannot end in the future.' };
  const value = customRangeDays(start, end);
  if (value > MAX_DATE_RANGE_DAYS) return { ok: false, message: 'The custom range cannot be longer than 10 years.' };
  return { ok: true, value };
}

function isArticleTypeFilterValue(value: string): value is ArticleTypeFilterValue {
  return articleTypeFilterSchema.safeParse(value).success;
}

function checkRange(range: NumberRange, name: string): string | null {
  if (!Number.isFinite(range.min) || !Number.isFinite(range.max) || range.min < 0 || range.max < 0) {
    return `${name} values must be 0 or more.`;
  }
  if (range.min > range.max) return `${name} minimum must not be greater than its maximum.`;
  return null;
}

/**
 * Turns the page's filter set into the `POST /fetch-news-session` body (SPEC.md section 7): the date filter
 * becomes a day count, commodity names become symbols (unknown names pass through), the free-text field is
 * renamed, and the rest is sent as the user typed it. Fails with a message the page can show as is.
 */
export function toFetchNewsRequest(filters: FilterSet, now: Date): Result<FetchNewsRequest> {
  const days = dateRangeDays(filters.dateFilter, now);
  if (!days.ok) return days;
  const rangeError =
    checkRange(filters.marketcap, 'Market cap') ?? checkRange(filters.outstandingshares, 'Outstanding shares');
  if (rangeError) return { ok: false, message: rangeError };
  return {
    ok: true,
    value: {
      dateRange: days.value,
      country: filters.country.trim(),
      state: filters.state.trim(),
      area: filters.area.trim(),
      commodity: filters.commodity.map(commodityNameToSymbol),
      // A saved configuration may carry types the contract no longer knows; those are dropped, not sent.
      type: filters.type.filter(isArticleTypeFilterValue),
      free_text_search: filters['free-text-search'].trim(),
      company: filters.company.trim(),
      project: filters.project.trim(),
      ticker: filters.ticker.trim(),
      article: filters.article.trim(),
      marketcap: { ...filters.marketcap },
      outstandingshares: { ...filters.outstandingshares },
    },
  };
}

/** How many filters differ from the defaults, for the panel's summary line. */
export function activeFilterCount(filters: FilterSet): number {
  const textKeys = ['country', 'state', 'area', 'project', 'company', 'ticker', 'article', 'free-text-search'] as const;
  let count = textKeys.filter((key) => filters[key].trim() !== '').length;
  if (filters.commodity.length > 0) count += 1;
  if (filters.type.length > 0) count += 1;
  if (filters.dateFilter.preset !== DEFAULT_FILTER_SET.dateFilter.preset) count += 1;
  for (const key of ['marketcap', 'outstandingshares'] as const) {
    if (filters[key].min !== DEFAULT_FILTER_SET[key].min || filters[key].max !== DEFAULT_FILTER_SET[key].max)
      count += 1;
  }
  return count;
}

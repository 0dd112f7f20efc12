import { fetchNewsRequestSchema, type FilterSet } from '@mining-hub/contract/news';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  dateRangeDays,
  DEFAULT_FILTER_SET,
  selectDatePreset,
  toFetchNewsRequest,
} from './filter-set.ts';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const withFilters = (changes: Partial<FilterSet>): FilterSet => ({ ...DEFAULT_FILTER_SET, ...changes });
const custom = (start: Date | null, end: Date | null): FilterSet['dateFilter'] => ({
  preset: 'custom',
  customRange: { startDate: start?.toISOString() ?? null, endDate: end?.toISOString() ?? null },
});

describe('DEFAULT_FILTER_SET', () => {
  it('starts with empty fields, the today preset and 0–10,000 ranges (SPEC.md section 3)', () => {
    expect(DEFAULT_FILTER_SET).toMatchObject({
      country: '',
      commodity: [],
      type: [],
      'free-text-search': '',
      dateFilter: { preset: 'today', customRange: null },
      countryWhere: 'all',
      marketcap: { min: 0, max: 10_000 },
      outstandingshares: { min: 0, max: 10_000 },
      projectSize: [null, null],
    });
    expect(activeFilterCount(DEFAULT_FILTER_SET)).toBe(0);
  });
});

describe('selectDatePreset', () => {
  it('initialises a custom range to the last 7 days up to now', () => {
    expect(selectDatePreset('custom', NOW)).toEqual({
      preset: 'custom',
      customRange: { startDate: '2025-06-08T12:00:00.000Z', endDate: '2025-06-15T12:00:00.000Z' },
    });
  });

  it('clears the custom range when another preset is chosen', () => {
    expect(selectDatePreset('last-30-days', NOW)).toEqual({ preset: 'last-30-days', customRange: null });
  });
});

describe('dateRangeDays', () => {
  it.each([
    ['today', 1],
    ['last-3-days', 3],
    ['last-7-days', 7],
    ['last-30-days', 30],
    ['this-year', 365],
    ['all-time', 3650],
  ] as const)('sends %s as %i days', (preset, days) => {
    expect(dateRangeDays({ preset, customRange: null }, NOW)).toEqual({ ok: true, value: days });
  });

  it('rounds a custom range up to whole days', () => {
    const end = new Date(NOW.getTime() - HOUR);
    expect(dateRangeDays(custom(new Date(end.getTime() - 7 * DAY), end), NOW)).toEqual({ ok: true, value: 7 });
    expect(dateRangeDays(custom(new Date(end.getTime() - 7 * DAY - HOUR), end), NOW)).toEqual({ ok: true, value: 8 });
    expect(dateRangeDays(custom(new Date(end.getTime() - 30 * 60_000), end), NOW)).toEqual({ ok: true, value: 1 });
  });

  it('the range custom starts with sends 7 days', () => {
    expect(dateRangeDays(selectDatePreset('custom', NOW), NOW)).toEqual({ ok: true, value: 7 });
  });

  it('refuses incomplete, reversed, future and over-long custom ranges', () => {
    expect(dateRangeDays(custom(null, NOW), NOW).ok).toBe(false);
    expect(dateRangeDays(custom(NOW, new Date(NOW.getTime() - DAY)), NOW)).toEqual({
      ok: false,
      message: 'The start date must be before the end date.',
    });
    expect(dateRangeDays(custom(new Date(NOW.getTime() - DAY), new Date(NOW.getTime() + HOUR)), NOW)).toEqual({
      ok: false,
      message: 'The custom range cannot end in the future.',
    });
    expect(dateRangeDays(custom(new Date(NOW.getTime() - 3651 * DAY), NOW), NOW)).toEqual({
      ok: false,
      message: 'The custom range cannot be longer than 10 years.',
    });
    expect(dateRangeDays(custom(new Date(NOW.getTime() - 3650 * DAY), NOW), NOW)).toEqual({ ok: true, value: 3650 });
  });
});

describe('toFetchNewsRequest', () => {
  it('sends the defaults as a one-day request the contract accepts', () => {
    const result = toFetchNewsRequest(DEFAULT_FILTER_SET, NOW);
    expect(result).toEqual({
      ok: true,
      value: {
        dateRange: 1,
        country: '',
        state: '',
        area: '',
        commodity: [],
        type: [],
        free_text_search: '',
        company: '',
        project: '',
        ticker: '',
        article: '',
        marketcap: { min: 0, max: 10_000 },
        outstandingshares: { min: 0, max: 10_000 },
      },
    });
    expect(result.ok && fetchNewsRequestSchema.safeParse(result.value).success).toBe(true);
  });

  it('maps commodity names to symbols, letting unknown names through, and renames free-text search', () => {
    const result = toFetchNewsRequest(
      withFilters({
        commodity: ['Gold', 'Silver', 'Copper', 'Potash', 'Unobtainium'],
        country: 'CA',
        state: 'ON',
        type: ['drilling', 'private-placement', 'no-such-type'],
        'free-text-search': '  high grade  ',
        company: ' Northern Star ',
        dateFilter: { preset: 'last-30-days', customRange: null },
        marketcap: { min: 5, max: 250 },
      }),
      NOW,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      dateRange: 30,
      commodity: ['Au', 'Ag', 'Cu', 'Potash (KCl)', 'Unobtainium'],
      country: 'CA',
      state: 'ON',
      type: ['drilling', 'private-placement'],
      free_text_search: 'high grade',
      company: 'Northern Star',
      marketcap: { min: 5, max: 250 },
    });
  });

  it('Gold + Canada + Last 30 Days is a request the contract accepts', () => {
    const result = toFetchNewsRequest(
      withFilters({ commodity: ['Gold'], country: 'CA', dateFilter: { preset: 'last-30-days', customRange: null } }),
      NOW,
    );
    expect(result.ok && fetchNewsRequestSchema.parse(result.value)).toMatchObject({
      dateRange: 30,
      commodity: ['Au'],
      country: 'CA',
    });
  });

  it('refuses reversed or negative ranges and bad custom dates with a message', () => {
    expect(toFetchNewsRequest(withFilters({ marketcap: { min: 20, max: 10 } }), NOW)).toEqual({
      ok: false,
      message: 'Market cap minimum must not be greater than its maximum.',
    });
    expect(toFetchNewsRequest(withFilters({ outstandingshares: { min: -1, max: 10 } }), NOW)).toEqual({
      ok: false,
      message: 'Outstanding shares values must be 0 or more.',
    });
    expect(toFetchNewsRequest(withFilters({ dateFilter: custom(null, null) }), NOW).ok).toBe(false);
  });

  it('counts the filters that differ from the defaults', () => {
    expect(
      activeFilterCount(
        withFilters({
          commodity: ['Gold'],
          country: 'CA',
          dateFilter: { preset: 'last-30-days', customRange: null },
          marketcap: { min: 1, max: 10_000 },
        }),
      ),
    ).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNAL_FILTERS, isFiltered, signalsSearchParams } from './signal-filters.ts';

describe('signalsSearchParams', () => {
  it('sends only the page for the default inbox', () => {
    expect(signalsSearchParams(DEFAULT_SIGNAL_FILTERS, 1).toString()).toBe('page=1&page_size=20');
  });

  it('sends every filter in use, intent levels as one comma list', () => {
    const params = signalsSearchParams(
      {
        intent: ['Very High', 'High'],
        commodity: 'Cu',
        country: 'CL',
        status: 'dismissed',
        fact: ['financing-closed', 'programme-planned'],
        stage: 'PFS',
        q: '  drill program ',
        from: '2026-01-01',
        to: '2026-03-31',
        sort: 'newest',
      },
      3,
    );
    expect(Object.fromEntries(params)).toEqual({
      page: '3',
      page_size: '20',
      intent: 'Very High,High',
      commodity: 'Cu',
      country: 'CL',
      status: 'dismissed',
      fact: 'financing-closed,programme-planned',
      stage: 'PFS',
      q: 'drill program',
      from: '2026-01-01',
      to: '2026-03-31',
      sort: 'newest',
    });
  });
});

describe('isFiltered', () => {
  it('is false for the defaults and another order, true for any narrowing filter', () => {
    expect(isFiltered(DEFAULT_SIGNAL_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_SIGNAL_FILTERS, sort: 'company' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_SIGNAL_FILTERS, intent: ['Low'] })).toBe(true);
    expect(isFiltered({ ...DEFAULT_SIGNAL_FILTERS, status: 'dismissed' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_SIGNAL_FILTERS, to: '2026-01-01' })).toBe(true);
  });
});

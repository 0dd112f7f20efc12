import { describe, it, expect } from 'vitest';
import {
  ARTICLE_TYPE_GROUPS,
  ARTICLE_TYPE_GROUP_VALUES,
  ARTICLE_TYPE_VALUES,
  ARGENTINE_PROVINCES,
  AUSTRALIAN_STATES,
  BRAZILIAN_STATES,
  CANADIAN_PROVINCES,
  CHILEAN_REGIONS,
  COMMODITIES,
  COUNTRIES,
  DATE_PRESETS,
  MEXICAN_STATES,
  MINING_REGIONS,
  PERUVIAN_REGIONS,
  STATES,
  STATE_COUNTRIES,
  US_STATES,
  articleTypeFilterSchema,
  articleTypeGroupOf,
  articleTypeLabel,
  commodityNameToSymbol,
  commoditySymbolSchema,
  countryCodeSchema,
  customRangeDays,
  expandArticleTypeFilter,
  findCommodity,
  findCountry,
  findState,
  isKnownCommodity,
  presetDays,
  stateCodeSchema,
} from './reference-data.ts';

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
}

describe('commodities', () => {
  it('maps names to symbols as SPEC.md section 7 gives them, any case', () => {
    expect(commodityNameToSymbol('Silver')).toBe('Ag');
    expect(commodityNameToSymbol('Gold')).toBe('Au');
    expect(commodityNameToSymbol('Copper')).toBe('Cu');
    expect(commodityNameToSymbol('Potash')).toBe('Potash (KCl)');
    expect(commodityNameToSymbol('gold')).toBe('Au');
    expect(commodityNameToSymbol('  URANIUM ')).toBe('U3O8');
    expect(commodityNameToSymbol('Iron Ore')).toBe('Fe');
    expect(commodityNameToSymbol('Rare Earths')).toBe('REE');
    expect(commodityNameToSymbol('Aluminum')).toBe('Al');
  });

  it('passes unknown names through unchanged and keeps symbols as they are', () => {
    expect(commodityNameToSymbol('Unobtainium')).toBe('Unobtainium');
    expect(commodityNameToSymbol('')).toBe('');
    expect(commodityNameToSymbol('Au')).toBe('Au');
    expect(commodityNameToSymbol('Potash (KCl)')).toBe('Potash (KCl)');
  });

  it('knows commodities by name or symbol', () => {
    expect(isKnownCommodity('Au')).toBe(true);
    expect(isKnownCommodity('lithium')).toBe(true);
    expect(isKnownCommodity('Unobtainium')).toBe(false);
    expect(findCommodity('Cu')?.name).toBe('Copper');
  });

  it('lists about 75 commodities with unique names and symbols', () => {
    expect(COMMODITIES.length).toBeGreaterThanOrEqual(70);
    expect(COMMODITIES.length).toBeLessThanOrEqual(90);
    expect(duplicates(COMMODITIES.map((c) => c.symbol))).toEqual([]);
    expect(duplicates(COMMODITIES.map((c) => c.name))).toEqual([]);
  });

  it('never lets one word name two commodities', () => {
    const keys = COMMODITIES.flatMap((c) => [
      ...new Set([c.name, c.symbol, ...(c.aliases ?? [])].map((k) => k.toLowerCase())),
    ]);
    expect(duplicates(keys)).toEqual([]);
  });

  it('validates and normalises commodities to symbols', () => {
    expect(commoditySymbolSchema.parse('Gold')).toBe('Au');
    expect(commoditySymbolSchema.parse('Ag')).toBe('Ag');
    expect(commoditySymbolSchema.safeParse('Unobtainium').success).toBe(false);
  });
});

describe('countries', () => {
  it('lists ISO 3166-1 with unique two-letter codes and names', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(195);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
    expect(duplicates(COUNTRIES.map((c) => c.code))).toEqual([]);
    expect(duplicates(COUNTRIES.map((c) => c.name))).toEqual([]);
  });

  it('finds a country by code, name or common alias, any case', () => {
    expect(findCountry('CA')).toEqual({ code: 'CA', name: 'Canada' });
    expect(findCountry('ca')?.name).toBe('Canada');
    expect(findCountry('australia')?.code).toBe('AU');
    expect(findCountry('DRC')?.code).toBe('CD');
    expect(findCountry('USA')?.code).toBe('US');
    expect(findCountry('Atlantis')).toBeUndefined();
  });

  it('validates and normalises countries to codes', () => {
    expect(countryCodeSchema.parse('Peru')).toBe('PE');
    expect(countryCodeSchema.parse('cl')).toBe('CL');
    expect(countryCodeSchema.safeParse('XX').success).toBe(false);
  });
});

describe('states and provinces', () => {
  it('lists the 50 US states, 13 Canadian and 8 Australian states, provinces and territories', () => {
    expect(US_STATES).toHaveLength(50);
    expect(CANADIAN_PROVINCES).toHaveLength(13);
    expect(AUSTRALIAN_STATES).toHaveLength(8);
    expect(duplicates(STATES.map((s) => s.code))).toEqual([]);
    for (const country of STATE_COUNTRIES) {
      const names = STATES.filter((s) => s.country === country).flatMap((s) => [s.name, ...(s.aliases ?? [])]);
      expect(duplicates(names.map((name) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()))).toEqual([]);
    }
  });

  it('lists every state of Mexico and Brazil, region of Peru and Chile and province of Argentina', () => {
    expect(MEXICAN_STATES).toHaveLength(32);
    expect(PERUVIAN_REGIONS).toHaveLength(25);
    expect(CHILEAN_REGIONS).toHaveLength(16);
    expect(ARGENTINE_PROVINCES).toHaveLength(24);
    expect(BRAZILIAN_STATES).toHaveLength(27);
    expect(STATES).toHaveLength(50 + 13 + 8 + 32 + 25 + 16 + 24 + 27);
    for (const state of STATES.filter((s) => !['US', 'CA'].includes(s.country)))
      expect(state.code.startsWith(`${state.country}-`), state.code).toBe(true);
  });

  it('finds Latin American states by code, name or alias, with or without accents, in any case', () => {
    expect(findState('Michoacán')).toMatchObject({ code: 'MX-MIC', country: 'MX' });
    expect(findState('michoacan')?.code).toBe('MX-MIC');
    expect(findState('NUEVO LEON')?.code).toBe('MX-NLE');
    expect(findState('Estado de Mexico')?.code).toBe('MX-MEX');
    expect(findState('Apurimac')?.code).toBe('PE-APU');
    expect(findState('Bio Bio')?.code).toBe('CL-BI');
    expect(findState('Neuquen')?.code).toBe('AR-Q');
    expect(findState('sao paulo')?.code).toBe('BR-SP');
    expect(findState('Québec')?.code).toBe('QC');
    expect(stateCodeSchema.parse('Sonora')).toBe('MX-SON');
    expect(stateCodeSchema.parse('pe-are')).toBe('PE-ARE');
  });

  it('knows Australian states by ISO 3166-2 code or name, leaving WA and NT to Washington and the NWT', () => {
    expect(findState('Western Australia')).toEqual({ code: 'AU-WA', name: 'Western Australia', country: 'AU' });
    expect(findState('au-nsw')?.name).toBe('New South Wales');
    expect(findState('WA')?.country).toBe('US');
    expect(findState('NT')?.country).toBe('CA');
    expect(stateCodeSchema.parse('Queensland')).toBe('AU-QLD');
  });

  it('places each mining region in a known country, once', () => {
    expect(duplicates(MINING_REGIONS.map((r) => r.name))).toEqual([]);
    for (const region of MINING_REGIONS) expect(findCountry(region.country)?.code).toBe(region.country);
  });

  it('finds a state by code or name and knows its country', () => {
    expect(findState('NV')).toEqual({ code: 'NV', name: 'Nevada', country: 'US' });
    expect(findState('british columbia')?.code).toBe('BC');
    expect(findState('YT')?.country).toBe('CA');
    expect(stateCodeSchema.parse('Ontario')).toBe('ON');
    expect(stateCodeSchema.safeParse('Narnia').success).toBe(false);
  });
});

describe('article types', () => {
  it('has the five groups SPEC.md names, each with fixed labels', () => {
    expect(ARTICLE_TYPE_GROUP_VALUES).toEqual([
      'drilling',
      'mergers-acquisitions',
      'company-project-updates',
      'financings',
      'resource-estimate',
    ]);
    for (const group of ARTICLE_TYPE_GROUPS) expect(group.types.length).toBeGreaterThan(0);
    expect(articleTypeLabel('drill-results')).toBe('Drill Results');
    expect(articleTypeLabel('private-placement')).toBe('Private Placement');
    expect(articleTypeLabel('financings')).toBe('Financings');
  });

  it('has unique values across types and groups', () => {
    expect(duplicates([...ARTICLE_TYPE_GROUP_VALUES, ...ARTICLE_TYPE_VALUES])).toEqual([]);
    expect(articleTypeGroupOf('bought-deal')).toBe('financings');
  });

  it('accepts group and type values in a filter, and expands groups', () => {
    expect(articleTypeFilterSchema.parse('drilling')).toBe('drilling');
    expect(articleTypeFilterSchema.parse('royalty-stream')).toBe('royalty-stream');
    expect(articleTypeFilterSchema.safeParse('gossip').success).toBe(false);
    const selected = expandArticleTypeFilter(['resource-estimate', 'merger']);
    expect([...selected].sort()).toEqual(
      ['maiden-resource', 'merger', 'mineral-resource-estimate', 'reserve-estimate', 'resource-update'].sort(),
    );
  });
});

describe('date presets', () => {
  it('carries the day counts and labels of SPEC.md section 9', () => {
    expect(DATE_PRESETS.map((p) => [p.value, p.days])).toEqual([
      ['today', 1],
      ['last-3-days', 3],
      ['last-7-days', 7],
      ['last-30-days', 30],
      ['this-year', 365],
      ['all-time', 3650],
      ['custom', null],
    ]);
    expect(DATE_PRESETS.map((p) => p.label)).toEqual([
      'Today',
      'Last 3 Days',
      'Last 7 Days',
      'Last 30 Days',
      'This Year',
      'All Time',
      'Custom Range',
    ]);
    expect(presetDays('last-7-days')).toBe(7);
    expect(presetDays('custom')).toBeNull();
  });

  it('rounds a custom range up to whole days, at least one', () => {
    expect(customRangeDays('2026-03-01T00:00:00Z', '2026-03-08T00:00:00Z')).toBe(7);
    expect(customRangeDays('2026-03-01T00:00:00Z', '2026-03-08T00:00:01Z')).toBe(8);
    expect(customRangeDays(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-01T11:00:00Z'))).toBe(1);
    expect(customRangeDays('2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z')).toBe(1);
    expect(customRangeDays('2026-03-08T00:00:00Z', '2026-03-01T00:00:00Z')).toBe(1);
    expect(() => customRangeDays('not a date', '2026-03-01')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { factLines, formatMoney, strongestFact } from './fact-lines.ts';
import {
  noFacts,
  type FinancingFact,
  type InterceptFact,
  type MiningFacts,
  type ProgrammeFact,
  type ResourceFact,
  type StudyFact,
} from './facts.ts';

const at = { quote: 'q', start: 0, end: 1 };
const NONE = noFacts();
const financing = (changes: Partial<FinancingFact>): FinancingFact => ({
  amount: 4_000_000,
  currency: 'CAD',
  type: 'flow-through',
  status: 'closed',
  use_of_proceeds: null,
  funds_drilling: true,
  ...at,
  ...changes,
});
const programme: ProgrammeFact = {
  metres: 10_000,
  holes: null,
  rigs: null,
  timing: 'Q1',
  status: 'planned',
  drill_type: 'RC',
  ...at,
};
const study = (stage: StudyFact['stage']): StudyFact => ({
  stage,
  npv: { amount: 412_000_000, currency: 'USD', discount_rate: 5 },
  irr_pct: 21.4,
  capex: { amount: 385_000_000, currency: 'USD' },
  aisc: null,
  mine_life_years: 17,
  ...at,
});
const resource: ResourceFact = {
  category: 'Indicated',
  tonnes_mt: 4.6,
  grade: 3.2,
  unit: 'g/t',
  element: 'Au',
  contained: 474_000,
  contained_unit: 'oz',
  cutoff: null,
  standard: 'NI 43-101',
  ...at,
};
const intercept = (hole: string, width: number, grade: number, including = false): InterceptFact => ({
  hole_id: hole,
  from_m: null,
  to_m: null,
  width_m: width,
  true_width_m: null,
  grade,
  unit: 'g/t',
  element: 'Au',
  including,
  drill_type: null,
  ...at,
});

describe('formatMoney', () => {
  it('writes amounts short with their currency', () => {
    expect(formatMoney(4_000_000, 'CAD')).toBe('C$4M');
    expect(formatMoney(3_750_000, 'CAD')).toBe('C$3.75M');
    expect(formatMoney(412_000_000, 'USD')).toBe('US$412M');
    expect(formatMoney(1_700_000_000, 'AUD')).toBe('A$1.7B');
    expect(formatMoney(300_000, null)).toBe('$300K');
    expect(formatMoney(918, 'USD')).toBe('US$918');
  });
});

describe('strongestFact', () => {
  it('follows the rubric: funded drilling, planned programme, feasibility, PFS, resource, best intercept', () => {
    const all: MiningFacts = {
      ...NONE,
      financings: [financing({})],
      programmes: [programme],
      studies: [study('PFS'), study('DFS')],
      resources: [resource],
      intercepts: [intercept('A-1', 2, 10), intercept('A-2', 30, 1.5), intercept('A-2', 1, 40, true)],
    };
    expect(strongestFact(all)).toBe('C$4M closed · drilling');
    expect(strongestFact({ ...all, financings: [] })).toBe('10,000 m RC Q1');
    expect(strongestFact({ ...all, financings: [], programmes: [] })).toBe('DFS NPV US$412M');
    expect(strongestFact({ ...all, financings: [], programmes: [], studies: [study('PFS')] })).toBe('PFS NPV US$412M');
    expect(strongestFact({ ...NONE, resources: [resource], intercepts: all.intercepts })).toBe(
      'Indicated 4.6 Mt @ 3.2 g/t Au (474,000 oz)',
    );
    // 30 m × 1.5 g/t beats 2 m × 10 g/t; an including interval is not the release's best.
    expect(strongestFact({ ...NONE, intercepts: all.intercepts })).toBe('30 m @ 1.5 g/t Au (A-2)');
  });

  it('falls back to other financings and programmes, and is null without facts', () => {
    expect(strongestFact({ ...NONE, financings: [financing({ funds_drilling: false, status: 'announced' })] })).toBe(
      'C$4M announced',
    );
    expect(strongestFact({ ...NONE, programmes: [{ ...programme, status: 'underway', timing: null }] })).toBe(
      '10,000 m RC underway',
    );
    expect(strongestFact(NONE)).toBeNull();
  });
});

describe('factLines', () => {
  it('gives one short line per fact, the three best intercepts and a count of the rest', () => {
    const lines = factLines({
      ...NONE,
      issuers: [{ name: 'Northbeck Gold Corp.', tickers: ['TSXV:NBK'], ...at }],
      financings: [financing({})],
      studies: [study('PFS')],
      intercepts: [1, 2, 3, 4].map((n) => intercept(`H-${n}`, n, 1)),
    });
    expect(lines).toEqual([
      'Issuer: Northbeck Gold Corp. TSXV:NBK',
      'Financing: C$4M flow-through closed · drilling',
      'Study: PFS NPV US$412M IRR 21.4% capex US$385M 17-year life',
      'Intercept: 4 m @ 1 g/t Au (H-4)',
      'Intercept: 3 m @ 1 g/t Au (H-3)',
      'Intercept: 2 m @ 1 g/t Au (H-2)',
      '(4 intercepts in all)',
    ]);
  });
});

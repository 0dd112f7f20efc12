import { describe, expect, it } from 'vitest';
import { FRESH_FACT_SETS, FACTS_RELEASES } from '../../../test/facts-scoring.ts';
import { extractFacts } from './facts-extractor.ts';

describe('extractFacts', () => {
  it('gives every fact of the labelled releases a quote that is its slice of the text', () => {
    let facts = 0;
    for (const release of [...FACTS_RELEASES, ...FRESH_FACT_SETS.flat()]) {
      const found = extractFacts(release.body, { title: release.title });
      for (const kind of Object.values(found)) {
        for (const fact of kind) {
          expect(release.body.slice(fact.start, fact.end)).toBe(fact.quote);
          facts++;
        }
      }
    }
    expect(facts).toBeGreaterThan(150);
  });

  it('reads intercepts in prose, "@" and "over" forms, with including intervals and µ-free unicode', () => {
    const text = [
      'Hole GL-20-018 intersected 5.42 grams per tonne gold ("g/t Au") over 10.0 metres ("m"), including 22.03 g/t Au over 2.0 m.',
      '• 21m at 1.50% Li₂O from 34m in 19ALARC03',
      '• 12.5 m @ 3.2 gpt Au from 44 m (true width 9.8 m)',
      'CB-164 averaged 0.11% eU3O8 over 1.0 m from 471.9 to 472.9 m.',
      'MN22002 returned 0.5 m at 323 ppm U3O8.',
    ].join('\n');
    const intercepts = extractFacts(text).intercepts.map(
      ({ quote: _q, start: _s, end: _e, drill_type: _d, ...rest }) => rest,
    );
    expect(intercepts).toEqual([
      {
        hole_id: 'GL-20-018',
        from_m: null,
        to_m: null,
        width_m: 10,
        true_width_m: null,
        grade: 5.42,
        unit: 'g/t',
        element: 'Au',
        including: false,
      },
      {
        hole_id: 'GL-20-018',
        from_m: null,
        to_m: null,
        width_m: 2,
        true_width_m: null,
        grade: 22.03,
        unit: 'g/t',
        element: 'Au',
        including: true,
      },
      {
        hole_id: '19ALARC03',
        from_m: 34,
        to_m: null,
        width_m: 21,
        true_width_m: null,
        grade: 1.5,
        unit: '%',
        element: 'Li2O',
        including: false,
      },
      {
        hole_id: null,
        from_m: 44,
        to_m: null,
        width_m: 12.5,
        true_width_m: 9.8,
        grade: 3.2,
        unit: 'g/t',
        element: 'Au',
        including: false,
      },
      {
        hole_id: 'CB-164',
        from_m: 471.9,
        to_m: 472.9,
        width_m: 1,
        true_width_m: null,
        grade: 0.11,
        unit: '%',
        element: 'eU3O8',
        including: false,
      },
      {
        hole_id: 'MN22002',
        from_m: null,
        to_m: null,
        width_m: 0.5,
        true_width_m: null,
        grade: 323,
        unit: 'ppm',
        element: 'U3O8',
        including: false,
      },
    ]);
  });

  it('reads intercept tables from HTML text (" | ") and PDF text (runs of spaces), header giving the columns', () => {
    const html =
      'Hole ID | From (m) | To (m) | Interval (m) | Au (g/t)\n\nKGA0652 | 64 | 76 | 12 | 1.21\n\n| 68 | 72 | 4 | 2.65';
    const pdf =
      'Hole ID      From (m)   To (m)   Interval (m)   Li2O (%)\nPDRCD720     134        137      3              1.22';
    expect(
      extractFacts(html).intercepts.map((f) => [f.hole_id, f.from_m, f.to_m, f.width_m, f.grade, f.element]),
    ).toEqual([
      ['KGA0652', 64, 76, 12, 1.21, 'Au'],
      ['KGA0652', 68, 72, 4, 2.65, 'Au'],
    ]);
    expect(extractFacts(pdf).intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.unit, f.element])).toEqual([
      ['PDRCD720', 3, 1.22, '%', 'Li2O'],
    ]);
  });

  it('reads resources in prose ("Mt @ 1.2 g/t for 1.1 Moz") and tables, not Exploration Targets', () => {
    const text = [
      'The maiden JORC Indicated Resource is 12.5 Mt @ 1.2 g/t Au for 482 koz at a 0.5 g/t Au cut-off.',
      'Category | Tonnes (Mt) | Au (g/t) | Contained Au (koz)',
      'Inferred | 4.1 | 1.10 | 145',
      'The Exploration Target is 200Mt - 250Mt at 0.4 g/t Au - 0.6 g/t Au.',
      'Measured and indicated resources of 113.1 million tonnes averaging 0.46 g/t gold contain 1.68 million oz of gold.',
    ].join('\n');
    const resources = extractFacts(text).resources.map((f) => [
      f.category,
      f.tonnes_mt,
      f.grade,
      f.element,
      f.contained,
      f.contained_unit,
      f.standard,
    ]);
    expect(resources).toEqual([
      ['Indicated', 12.5, 1.2, 'Au', 482000, 'oz', 'JORC'],
      ['Inferred', 4.1, 1.1, 'Au', 145000, 'oz', 'JORC'],
      ['Measured & Indicated', 113.1, 0.46, 'Au', 1680000, 'oz', 'JORC'],
    ]);
  });

  it('reads a study with after-tax NPV, IRR, capex, AISC and mine life', () => {
    const text =
      'The PFS gives a pre-tax NPV5% of US$612 million and an after-tax NPV5% of US$412 million, an after-tax IRR of 38%, initial capital of US$575 million, AISC of US$918/oz and a 12-year mine life.';
    const [study] = extractFacts(text).studies;
    expect(study).toMatchObject({
      stage: 'PFS',
      npv: { amount: 412e6, currency: 'USD', discount_rate: 5 },
      irr_pct: 38,
      capex: { amount: 575e6, currency: 'USD' },
      aisc: { amount: 918, currency: 'USD', per: 'oz' },
      mine_life_years: 12,
    });
  });

  it('reads financings announced and closed, their use of proceeds, and programmes', () => {
    const text = [
      'The Company has closed its non-brokered flow-through private placement for gross proceeds of C$3,700,000. Proceeds will be used to fund drilling at Goldlund.',
      'The Company plans a 10,000 m RC programme starting in Q1 2026 with two rigs.',
    ].join('\n\n');
    const facts = extractFacts(text);
    expect(facts.financings.map((f) => [f.amount, f.currency, f.type, f.status, f.funds_drilling])).toEqual([
      [3_700_000, 'CAD', 'flow-through', 'closed', true],
    ]);
    expect(facts.programmes.map((p) => [p.metres, p.rigs, p.timing, p.status, p.drill_type])).toEqual([
      [10_000, 2, 'Q1 2026', 'planned', 'RC'],
    ]);
    const announced = extractFacts(
      'Probe Gold Inc. announces a $15 million bought deal private placement; closing is expected on June 19.',
    );
    expect(announced.financings.map((f) => [f.amount, f.type, f.status])).toEqual([[15e6, 'bought-deal', 'announced']]);
  });

  it('takes the dateline company as issuer with all its listings, not the agent or partner', () => {
    const text =
      'TORONTO, June 07, 2022 (GLOBE NEWSWIRE) -- Labrador Gold Corp. (TSX.V:LAB | OTCQX:NKOSF) ("LabGold" or the "Company") has entered into an agreement with Canaccord Genuity Corp. (TSX: CF) as lead agent.';
    expect(extractFacts(text).issuers.map((i) => [i.name, i.tickers])).toEqual([
      ['Labrador Gold Corp.', ['TSXV:LAB', 'OTCQX:NKOSF']],
    ]);
    expect(
      extractFacts('Osisko Gold Royalties Ltd (the "Corporation" or "Osisko") (OR: TSX & NYSE) updates its deliveries.')
        .issuers[0]?.tickers,
    ).toEqual(['TSX:OR', 'NYSE:OR']);
    expect(
      extractFacts('Probe Gold Inc. [PRB-TSXV, PROBF-OTCQB] has announced a financing.').issuers[0]?.tickers,
    ).toEqual(['TSXV:PRB', 'OTCQB:PROBF']);
  });
});

// Patterns the fresh releases of 2026-11-29 showed (test/fixtures/facts-fresh.json, scored untouched first).
describe('extractFacts on the shapes of the fresh releases', () => {
  const deals = (text: string) =>
    extractFacts(text).financings.map((f) => [f.amount, f.currency, f.type, f.status, f.funds_drilling]);

  it('folds the parts of a deal that add up to it into the deal, the most specific part naming its type', () => {
    const units = [
      'Neworigin Announces Up to $1,300,000 Non-Brokered Private Placement',
      'The offering comprises:',
      '• up to 15,000,000 flow-through units at a price of $0.06 per FT Unit, for gross proceeds of up to $900,000; and',
      '• up to 10,000,000 common share units at a price of $0.04 per unit, for gross proceeds of up to $400,000.',
      'Each FT Unit will consist of one common share that qualifies as a "flow-through share" and one warrant.',
    ].join('\n\n');
    expect(deals(units)).toEqual([[1_300_000, null, 'flow-through', 'announced', true]]);
    const tranches = [
      'Pacgold Limited (ASX: PGO) has received firm commitments for a $5.6 million two-tranche placement.',
      'The Placement will be completed in two tranches. Tranche 1, raising approximately $1.3 million, will be issued under the existing placement capacity. Tranche 2, raising approximately $4.3 million, will be issued once shareholders approve it.',
      'The Company previously completed an A$3.2 million underwritten placement at A$0.19 per share.',
    ].join('\n\n');
    // A bare '$' is the issuer's home market's dollar when the release does not say which.
    expect(deals(tranches)).toEqual([[5_600_000, 'AUD', 'private-placement', 'announced', false]]);
    expect(deals(tranches.replace('(ASX: PGO)', '(TSXV: PGO)'))[0]?.[1]).toBe('CAD');
    expect(deals(`All dollar amounts are in US$.\n\n${tranches}`)[0]?.[1]).toBe('USD');
  });

  it('reads rand with a multiplier, not the conversion in brackets, and "senior secured debt" as a kind of debt', () => {
    expect(
      deals(
        'Orion has agreed a non-binding term sheet for a R250 million (about A$22 million) senior secured, convertible debt facility.',
      ),
    ).toEqual([[250_000_000, 'ZAR', 'debt', 'announced', false]]);
    expect(deals('The budget is to be met by US$190 million of senior secured debt from the syndicate.')).toEqual([
      [190_000_000, 'USD', 'debt', 'announced', false],
    ]);
    expect(deals('Sprott has advanced the US$20 million deposit through a secured note bearing 10% interest.')).toEqual(
      [[20_000_000, 'USD', 'debt', 'closed', false]],
    );
  });
});

describe('the issuer in the shapes of the fresh releases', () => {
  const issuer = (text: string) => extractFacts(text).issuers.map(({ name, tickers }) => [name, tickers]);

  it('reads the listings wires spell their own way', () => {
    expect(issuer('Vancouver -- New Found Gold Corp. (TSX-V: NFG) (NYSE-A: NFGC) reports assays.')).toEqual([
      ['New Found Gold Corp.', ['TSXV:NFG', 'NYSE American:NFGC']],
    ]);
    expect(issuer('Toronto -- LAURION Mineral Exploration Inc. (TSX-V: LME) (OTCPINK: LMEFF) has closed.')).toEqual([
      ['LAURION Mineral Exploration Inc.', ['TSXV:LME', 'OTC Pink:LMEFF']],
    ]);
    expect(issuer('Vancouver -- Viva Gold Corp. (TSX-Venture: VAU; OTCBB: VAUCF) reports a PEA.')).toEqual([
      ['Viva Gold Corp.', ['TSXV:VAU', 'OTC:VAUCF']],
    ]);
    expect(issuer('Toronto -- Victoria Gold Corp. (TSX-VGCX) reports the results of its meeting.')).toEqual([
      ['Victoria Gold Corp.', ['TSX:VGCX']],
    ]);
    expect(issuer('Vancouver -- Klondike Gold Corp. (TSXV: KG) (US-OTC: KDKGF) provides an update.')).toEqual([
      ['Klondike Gold Corp.', ['TSXV:KG', 'OTC:KDKGF']],
    ]);
  });

  it('takes the company, not its board, and the full name an AIM header defines for the dateline’s short one', () => {
    expect(issuer('The Board of SolGold (LSE & TSX: SOLG) is pleased to announce that drilling has started.')).toEqual([
      ['SolGold', ['LSE:SOLG', 'TSX:SOLG']],
    ]);
    expect(
      issuer(
        'KEFI Gold and Copper plc\n("KEFI" or the "Company")\n\nKEFI (AIM: KEFI), the gold and copper company, announces the launch.',
      ),
    ).toEqual([['KEFI Gold and Copper plc', ['AIM:KEFI']]]);
  });
});

describe('intercepts in the shapes of the fresh releases', () => {
  const intercepts = (text: string, title = '') =>
    extractFacts(text, { title }).intercepts.map((f) => [f.hole_id, f.from_m, f.width_m, f.grade, f.including]);

  it('keeps a row’s empty last cell in place when its bar ends a row it did not open', () => {
    const table = [
      'Hole No. | From (m) | To (m) | Interval (m) | Au (g/t) | Zone',
      'NFGC-23-1149 | 56.10 | 86.15 | 30.05 | 5.81 | Keats W',
      'Including | 57.90 | 58.25 | 0.35 | 102.04 |',
    ].join('\n');
    expect(intercepts(table)).toEqual([
      ['NFGC-23-1149', 56.1, 30.05, 5.81, false],
      ['NFGC-23-1149', 57.9, 0.35, 102.04, true],
    ]);
    // The headline's rounded telling of that row, without its hole, is the row.
    expect(intercepts(table, 'New Found Intercepts 5.81 g/t Au Over 30 m at Keats West')).toHaveLength(2);
  });

  it('reads "within that interval" as an including, historical places as places, and a channel as no drill hole', () => {
    const text = [
      'Hole NM-22-01 returned 0.33 g/t Au over 16.4 m from 21.5 m.',
      'Within that interval, 0.51 g/t Au over 7.8 m and 1.47 g/t Au over 1.05 m.',
      'A hole collared in an area with no historical drilling returned 18.5m at 2.4% Zn from 2m.',
      'Drilling tests the outcrop where a rock-saw channel returned 147.8m at 0.69% CuEq.',
      'Historical drilling returned 12m at 3.1 g/t Au.',
    ].join('\n\n');
    expect(intercepts(text)).toEqual([
      ['NM-22-01', 21.5, 16.4, 0.33, false],
      ['NM-22-01', null, 7.8, 0.51, true],
      ['NM-22-01', null, 1.05, 1.47, true],
      [null, 2, 18.5, 2.4, false],
    ]);
  });
});

describe('programmes in the shapes of the fresh releases', () => {
  const programmes = (text: string) => extractFacts(text).programmes.map((f) => [f.metres, f.holes, f.rigs, f.status]);

  it('reads depths, years, drilling of years past and promised updates as no programme', () => {
    expect(programmes('The 2021 holes have continued to test the Jupiter Zone down plunge.')).toEqual([]);
    expect(
      programmes('Drilling is under way with one man-portable rig able to drill core to depths of up to 1,800m.'),
    ).toEqual([[null, null, 1, 'underway']]);
    expect(
      programmes(
        'The estimate uses the results of 10,308m of drilling completed by the Company over the past few years.',
      ),
    ).toEqual([]);
    expect(
      programmes('The Company expects to report further updates on development, drilling and exploration.'),
    ).toEqual([]);
  });

  it('reads drilling "recently completed" as done, and a programme of holes done without metres', () => {
    expect(
      programmes('The upgrade follows the recently completed 3,500m drilling program near the proposed decline.'),
    ).toEqual([[3500, null, null, 'completed']]);
    expect(
      programmes('The Company reports assays from 16 diamond drill holes. The 16 holes have been completed.'),
    ).toEqual([[null, 16, null, 'completed']]);
    expect(programmes('All three holes drilled so far at Dimma hit massive nickel sulphides.')).toEqual([]);
    // A line giving only the size takes its status from the lines after it.
    expect(
      programmes(
        '• Up to 5,000 metres of diamond drilling in more than 20 holes.\n\n• Drilling is expected to start this weekend, with a second drill rig due on site next week.',
      ),
    ).toEqual([[5000, 20, 2, 'planned']]);
  });
});

describe('resources and studies in the shapes of the fresh releases', () => {
  it('reads every category together as the total, and a total row’s own category cell', () => {
    const table = [
      'Zone | Category | Tonnes (Mt) | CuEq (%)',
      'Total | Indicated | 798 | 0.45',
      'Measured, Indicated and Inferred Mineral Resource | 1,001 | 0.42',
    ].join('\n');
    expect(extractFacts(table).resources.map((f) => [f.category, f.tonnes_mt, f.grade])).toEqual([
      ['Indicated', 798, 0.45],
      ['Total', 1001, 0.42],
    ]);
  });

  it('leaves out the resource a study draws on and one not included, and a study previously reported', () => {
    const text = [
      'The Scoping Study gives a pre-tax NPV of A$442 million and an IRR of 73%.',
      "The production target is drawn from Mandilla's current Mineral Resource estimate of 37Mt at 1.1 g/t Au for 1.27Moz.",
      'The Feysville project holds a separate Mineral Resource of 3Mt at 1.3 g/t Au, which is not included in the Study.',
      'The 2018 pre-feasibility study, previously reported, calculated an IRR of 27.6% and an NPV of $87.8 million.',
    ].join('\n\n');
    const facts = extractFacts(text);
    expect(facts.resources).toEqual([]);
    expect(facts.studies.map((f) => [f.stage, f.irr_pct])).toEqual([['Scoping', 73]]);
  });
});

describe('the shapes of the second fresh releases', () => {
  it('keeps a sentence’s own intercept and leaves out the clause quoting an earlier one, cumulative totals and trenches', () => {
    const text = [
      'The RC portion of AKRC25D returned 16m @ 2.19 g/t Au, which lines up with the up-dip 11m @ 2.06 g/t Au in hole AKRC188, previously reported.',
      'Adding together all mineralised intervals, MTRC015 holds a cumulative 129m at 0.34% Ni.',
      'Trenching exposes graphite at surface, including MHT26 with 43m at 20.8% TGC from 0m.',
      '• Hole 22R-5650 returned 82 meters of 1.03 g/t gold and 30.38 g/t silver',
    ].join('\n\n');
    expect(extractFacts(text).intercepts.map((f) => [f.hole_id, f.width_m, f.grade])).toEqual([
      ['AKRC25D', 16, 2.19],
      ['22R-5650', 82, 1.03],
    ]);
  });

  it('reads widths from the metres column, not an interval number, and resources from the metric columns', () => {
    const drill = [
      'Hole | Interval | Feet | Meters | Cu (%) | Ag (g/t)',
      'SM20-043 | 1 | 23.0 | 7.01 | 2.84 | 181.5',
    ].join('\n');
    expect(extractFacts(drill).intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.element])).toEqual([
      ['SM20-043', 7.01, 2.84, 'Cu'],
    ]);
    const resources = [
      'Category | Tons (k) | Au (oz/t) | Tonnes (k) | Au (g/t) | Au (oz)',
      'Indicated | 1,110 | 0.316 | 1,007 | 10.8 | 351,000',
      'The Panuco estimate updated earlier this year reports an Indicated resource of 9.5 million tonnes grading 289 g/t silver.',
    ].join('\n');
    expect(extractFacts(resources).resources.map((f) => [f.category, f.tonnes_mt, f.grade, f.unit])).toEqual([
      ['Indicated', 1.007, 10.8, 'g/t'],
    ]);
  });

  it('leaves out drilling to date, a dated study recalled, a tranche of a deal told and a share purchase plan beside it', () => {
    const facts = extractFacts(
      [
        'Vizsla has completed more than 350,000 metres of drilling at Panuco to date.',
        'The May 2019 Preliminary Economic Assessment estimated initial capital of US$100.5 million.',
        'Tietto has completed its $7 million capital raising. Tranche 2 consisted of 4,000,002 shares at 15c each, raising $600,000 (the "Placement").',
        'Astral will also offer a non-underwritten SPP to raise up to $2 million.',
        'Proceeds will be used at Abujar, including:',
        '• a 25,000m auger and aircore drilling program on regional targets; and',
      ].join('\n\n'),
    );
    expect(facts.programmes.map((f) => [f.metres, f.status])).toEqual([[25000, 'planned']]);
    // The same metres told twice are one programme with what either telling says.
    expect(
      extractFacts(
        [
          '• Funds to support a program of 12,000m of RC drilling and 3,000m of diamond drilling',
          'The proceeds will fund the exploration program:',
          '• 12,000 metres of RC drilling;',
        ].join('\n\n'),
      ).programmes.map((f) => [f.metres, f.status]),
    ).toContainEqual([12000, 'planned']);
    expect(facts.studies).toEqual([]);
    expect(facts.financings.map((f) => f.amount)).toEqual([7_000_000]);
  });
});

describe('the shapes of the third fresh set', () => {
  it('reads listings joined by a bar and closed by a defined term, and OTC-BB', () => {
    expect(
      extractFacts('BRISBANE -- Allkem Limited (ASX|TSX: AKE, "Allkem" or the "Company") releases an MRE.').issuers.map(
        (f) => [f.name, f.tickers],
      ),
    ).toEqual([['Allkem Limited', ['ASX:AKE', 'TSX:AKE']]]);
    expect(
      extractFacts('MONTREAL -- Quebec Precious Metals Corporation (TSX.V: CJC, FSE: YXEP, OTC-BB: CJCFF) reports.')
        .issuers[0]?.tickers,
    ).toEqual(['TSXV:CJC', 'FSE:YXEP', 'OTC:CJCFF']);
  });

  it('reads a brine aquifer’s thickness and its average lithium in mg/L as an interval', () => {
    const text = [
      '- SOZDD003 intersected a cumulative 215 m of lithium brine mineralisation across two aquifers',
      '- Upper aquifer: 125 m thick from 158 m to 283 m depth, averaging 347 mg/L lithium (up to 397 mg/L)',
    ].join('\n');
    expect(extractFacts(text).intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.unit, f.element])).toEqual([
      ['SOZDD003', 125, 347, 'mg/L', 'Li'],
    ]);
  });

  it('reads categories told after the figures', () => {
    const text =
      'Updated Mineral Resource of 110.2 Mt @ 1.30% Li2O, made up of 54.3 Mt @ 1.30% Li2O in the Indicated category and 55.9 Mt @ 1.29% Li2O in the Inferred category.';
    expect(extractFacts(text).resources.map((f) => [f.category, f.tonnes_mt])).toEqual([
      ['Total', 110.2],
      ['Indicated', 54.3],
      ['Inferred', 55.9],
    ]);
  });

  it('takes a deal’s exact and final size, not an upsize right or a deal of years past', () => {
    const deals = (text: string) => extractFacts(text).financings.map((f) => [f.amount, f.type, f.status]);
    expect(
      deals(
        [
          'QPM has completed its previously announced $6,500,000 bought deal private placement of flow-through shares.',
          '- Aggregate gross proceeds of $6,540,703, including securities issued on the partial exercise of the over-allotment option',
        ].join('\n\n'),
      ),
    ).toEqual([[6_540_703, 'flow-through', 'closed']]);
    expect(
      deals(
        'Chakana has closed the first tranche of its private placement for $7.09 million. The Company has reserved the right to increase the placement to $12 million.',
      ),
    ).toEqual([[7_090_000, 'private-placement', 'closed']]);
    expect(
      deals(
        'Skeena terminated the right of first refusal granted when Franco-Nevada became the end purchaser of C$30.9 million of flow-through shares in December 2021.',
      ),
    ).toEqual([]);
  });

  it('leaves out a study recalled as "that study", an intercept of last week and results still to come', () => {
    const facts = extractFacts(
      [
        'At a gold price of US$1,550 per ounce, that study estimated an after-tax NPV at a 5% discount rate of C$1.4 billion.',
        'Last week the Company reported the highest-grade intercept yet, 11 m grading 2.79 g/t gold.',
        'Further holes from the program will be released as results become available.',
        'SOZDD003 forms part of the ongoing 10-hole diamond drilling program at Solaroz.',
      ].join('\n\n'),
    );
    expect(facts.studies).toEqual([]);
    expect(facts.intercepts).toEqual([]);
    expect(facts.programmes.map((f) => [f.holes, f.status])).toEqual([[10, 'underway']]);
  });
});

describe('fresh set 3, read after it was scored untouched', () => {
  it('reads combined grades as their own element: Zn+Pb, 3E PGM in a table header', () => {
    const prose = extractFacts(
      '- G11-468-13 intersected 30.4 m of 4.3% Zn+Pb (3.0% Zn and 1.4% Pb) and 25 g/t Ag, including 9.7 m of 7.5% Zn + Pb.',
    );
    expect(prose.intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.element, f.including])).toEqual([
      ['G11-468-13', 30.4, 4.3, 'Zn+Pb', false],
      ['G11-468-13', 9.7, 7.5, 'Zn+Pb', true],
    ]);
    const table = [
      'Hole ID | From (m) | To (m) | Width (m) | 3E PGM (g/t) | Pt (g/t) | Pd (g/t) | Au (g/t)',
      'PRRC233 | 170 | 180 | 10 | 2.18 | 1.36 | 0.79 | 0.03',
      'incl. | 170 | 172 | 2 | 6.09 | 3.82 | 2.21 | 0.07',
    ].join('\n');
    expect(extractFacts(table).intercepts.map((f) => [f.hole_id, f.grade, f.element, f.including])).toEqual([
      ['PRRC233', 2.18, '3E', false],
      ['PRRC233', 6.09, '3E', true],
    ]);
  });

  it('reads a hole named in mixed case, and leaves out a list and a clause that quote earlier results', () => {
    const facts = extractFacts(
      [
        'Drill hole DDMan-20-41 (Figure 4) cut a high-grade interval in fresh rock of 14m @ 1.79gpt gold.',
        'Examples previously reported to the ASX include:',
        'Cowalinya South',
        '- 4 metres @ 2249 ppm TREO from 16 metres in hole AC33',
        'Cowalinya North',
        '- 12 metres @ 1580 ppm TREO from 24 metres in hole AC81',
        'Results include the thickest intercept to date, 43.2m @ 1.73% Li2O in hole 19-CT-014, which was previously reported on March 14, 2019.',
      ].join('\n\n'),
    );
    expect(facts.intercepts.map((f) => [f.hole_id, f.width_m, f.grade])).toEqual([['DDMan-20-41', 14, 1.79]]);
  });
  it('reads quoted symbols, a Nordic exchange, "OTC Markets" and listings in a header line’s cell', () => {
    const tickers = (text: string) => extractFacts(text).issuers[0]?.tickers;
    expect(
      tickers(
        'May 30, 2017 (Vancouver, Canada) - Lundin Gold Inc. (TSX: "LUG", Nasdaq Stockholm: "LUG") announces a package.',
      ),
    ).toEqual(['TSX:LUG', 'Nasdaq Stockholm:LUG']);
    expect(
      tickers(
        'VANCOUVER, August 9, 2023 - Zacatecas Silver Corp. (TSX Venture: ZAC; OTC Markets: ZCTSF; Frankfurt: 7TV) reports.',
      ),
    ).toEqual(['TSXV:ZAC', 'OTC:ZCTSF', 'FSE:7TV']);
    expect(
      tickers('ASX RELEASE | April 24, 2019 | ASX:PLL; NASDAQ:PLL\n\nPiedmont Lithium Limited ("Piedmont") reports.'),
    ).toEqual(['ASX:PLL', 'NASDAQ:PLL']);
  });
  it('reads a table of several deposits’ columns apart, a global resource as the total, and a reserve row', () => {
    const table = [
      'Resource Category | Core Tonnes (Mt) | Core Grade (Li2O%) | Central Tonnes (Mt) | Central Grade (Li2O%)',
      'Indicated | 8.50 | 1.15 | 1.41 | 1.38',
      'Inferred | 7.70 | 1.09 | 1.39 | 1.29',
    ].join('\n');
    const reserves = [
      'Project | Proved Quantity (Mt) | Proved Grade (g/t gold) | Probable Quantity (Mt) | Probable Grade (g/t gold) | Proved and Probable Quantity (Mt) | Proved and Probable Grade (g/t gold)',
      'Edikan | 16.3 | 1.01 | 25.8 | 1.14 | 42.1 | 1.09',
      'Total | 19.7 | 1.20 | 53.3 | 1.47 | 73.0 | 1.40',
    ].join('\n');
    // Column groups that name their category: each row's figures, one line per category.
    expect(extractFacts(reserves).resources.map((f) => [f.category, f.tonnes_mt, f.grade])).toEqual([
      ['Proven', 16.3, 1.01],
      ['Probable', 25.8, 1.14],
      ['Proven & Probable', 42.1, 1.09],
      ['Proven', 19.7, 1.2],
      ['Probable', 53.3, 1.47],
      ['Proven & Probable', 73, 1.4],
    ]);
    expect(extractFacts(table).resources.map((f) => [f.category, f.tonnes_mt, f.grade])).toEqual([
      ['Indicated', 8.5, 1.15],
      ['Indicated', 1.41, 1.38],
      ['Inferred', 7.7, 1.09],
      ['Inferred', 1.39, 1.29],
    ]);
    const prose = extractFacts(
      [
        '- Updated JORC MRE: Indicated 1.7 Mt @ 61.0% Fe and Inferred 7.4 Mt @ 60.1% Fe, for a global resource of 9.1 Mt @ 60.3% Fe',
        'Key results: Ore Reserve | 22.2 Mt @ 0.92 g/t Au (658 koz)',
      ].join('\n\n'),
    );
    expect(prose.resources.map((f) => [f.category, f.tonnes_mt])).toEqual([
      ['Indicated', 1.7],
      ['Inferred', 7.4],
      ['Total', 9.1],
      ['Proven & Probable', 22.2],
    ]);
  });

  it('leaves out resources and studies recalled by their date, the company’s own description and a mining inventory', () => {
    const facts = extractFacts(
      [
        'In December 2022 the Company reported a maiden JORC Mineral Resource for Colina of 13.3Mt @ 1.2% Li2O.',
        'The Company published a maiden Inferred resource of 10.4 Mt @ 60.4% Fe in September 2021; the current estimate replaces it.',
        'Inferred Resources at Cowalinya currently stand at 28 million tonnes at 625 ppm TREO.',
        'The study was based on the current Dalgaranga Mineral Resource of 23.7 million tonnes grading 1.4 g/t gold.',
        '- Mining inventory of 4.2 Mt @ 60.5% Fe, inclusive of the Ore Reserve',
        'The original feasibility study, published in April 2018, had initial capital of US$132 million and a post-tax NPV of US$12.1 million.',
        'A Pre-Feasibility Study released in September 2018 outlined a two-stage operation. That study returned a post-tax NPV (10% discount rate) of US$349 million and an IRR of 131%.',
        'About Tanzanian Gold Corporation',
        'The Measured Mineral Resource is 19.98 Mt at 1.99 g/t gold for 1,281,161 ounces of gold.',
      ].join('\n\n'),
    );
    expect(facts.resources).toEqual([]);
    expect(facts.studies).toEqual([]);
  });
  it('reads drilling that has started as running, a stage of holes done, and no programme in spacing, siting or promised results', () => {
    const status = (text: string) => extractFacts(text).programmes.map((f) => [f.metres, f.holes, f.status]);
    expect(status('The 2019 drilling programme has started and will focus on extending the mineralisation.')).toEqual([
      [null, null, 'underway'],
    ]);
    expect(status('Stage 10 drilling, comprising 51 new RC holes, was completed on 8 July 2022.')).toEqual([
      [null, 51, 'completed'],
    ]);
    expect(
      status(
        'Follow-up drilling along strike is being planned, and the outstanding assays will be released once received.',
      ),
    ).toEqual([[null, null, 'planned']]);
    expect(status('These holes are planned on 400 metre centres and will be drilled after heritage surveys.')).toEqual([
      [null, null, 'planned'],
    ]);
    expect(status('Field work comprising mapping, sampling and drill hole siting is under way.')).toEqual([]);
  });
  it('reads an offer’s legs as the offer, and a grant agreement as a grant in the issuer’s dollar', () => {
    const deals = (text: string) => extractFacts(text).financings.map((f) => [f.amount, f.currency, f.type, f.status]);
    expect(
      deals(
        [
          'Delta Lithium Limited (ASX:DLI) reports that the retail component of its accelerated non-renounceable entitlement offer has been completed, the offer raising $70.2 million.',
          '- Retail Entitlement Offer closed on Monday, 4 December 2023, raising approximately $28.4 million',
          'The remaining approximately $21.7 million of New Shares not taken up under the Retail Entitlement Offer has been allocated to the underwriter.',
        ].join('\n\n'),
      ),
    ).toEqual([[70_200_000, 'AUD', 'rights-offering', 'closed']]);
    expect(
      deals(
        'Australian Vanadium Limited (ASX: AVL)\n\n- Grant agreement for up to $49 million executed with the Commonwealth',
      ),
    ).toEqual([[49_000_000, 'AUD', 'grant', 'announced']]);
  });
  it('reads a phase that consisted of its metres as done, assays promised with "those", and rigs on site as drilling', () => {
    const status = (text: string) => extractFacts(text).programmes.map((f) => [f.metres, f.status]);
    expect(
      status(
        'Phase Two consisted of 2,058 metres in four holes; those assays are still pending and will be released later.',
      ),
    ).toEqual([[2058, 'completed']]);
    expect(
      status('Cordero is being advanced through a 66,000 m drill program in 2021, with four drill rigs on site.'),
    ).toEqual([[66_000, 'underway']]);
  });
});

describe('fresh set 4, read after it was scored untouched twice', () => {
  it('reads resources in million mt with categories told after them, not a neighbour’s output or a resource restated', () => {
    const facts = extractFacts(
      [
        'The resource now stands at 137.81 million mt grading 1.24 g/mt gold for a total of 5.51 million oz of gold.',
        'The updated figure includes 87.54 million mt grading 1.21 g/mt gold for 3.4 million oz in the measured and indicated categories.',
        'The project wraps around Northern Star’s Pogo Mine, which has produced 4 Moz of gold @ 13.6g/t.',
        'The campaign aims to grow the resource base, which currently includes an Indicated resource of 471Mt grading 0.46% CuEq.',
        'Over the past four years regional exploration has defined Mineral Resources at Roswell (14.1Mt @ 2.00g/t Au for 904koz).',
        '- The FS mine plan processes 1.85Mt at 3.2g/t Au for 190koz Au.',
      ].join('\n\n'),
    );
    expect(facts.resources.map((f) => [f.category, f.tonnes_mt, f.grade])).toEqual([
      ['Total', 137.81, 1.24],
      ['Measured & Indicated', 87.54, 1.21],
    ]);
  });

  it('reads a hole named by numbers, the metric figures a release gives beside feet and oz/ton, and no example', () => {
    const facts = extractFacts(
      [
        'Roscan Gold Corporation (TSX-V: ROS; FRA: 2OJ; OTCQB: RCGCF) reports results.',
        '• Hole 49-187: 6.9 feet (2.10 m) grading 50.55 ounces per ton silver (Ag) (1,733 grams per tonne);',
        'Typical cut-offs for ISR uranium are 0.02% U3O8, for example 10 ft (3 m) @ 0.02% (200ppm) U3O8.',
        'Earlier results from the program, including 10.97 g/t Au over 10.1 m, were reported in the press release of December 4, 2023.',
      ].join('\n\n'),
    );
    expect(facts.intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.unit, f.element])).toEqual([
      ['49-187', 2.1, 1733, 'g/t', 'Ag'],
    ]);
  });

  it('reads a study from its value, life or development capital, not capital guidance or a drilling database', () => {
    expect(
      extractFacts(
        'Feasibility study for Garden Well South.\n\n- Pre-production capital is put at A$38 million.\n- Project all-in sustaining cost ("AISC") of A$950-1,050/oz.',
      ).studies.map((f) => [f.stage, f.capex?.amount]),
    ).toEqual([['FS', 38_000_000]]);
    const guidance = extractFacts(
      'The 2019 guidance follows the scoping study of the expansion.\n\n- AISC of $1,175 to $1,250 per ounce sold.\n- Capital expenditures of $190 to $210 million.\n\nThe Kebigada estimate is supported by 209 RC holes for 20,209m and 38 diamond holes for 12,514m, a total of 32,723m of drilling.',
    );
    expect(guidance.studies).toEqual([]);
    expect(guidance.programmes).toEqual([]);
  });
  it('reads listings as dashes, slashes and share codes write them, and a facility effective or a loan obtained as closed', () => {
    const tickers = (text: string) => extractFacts(text).issuers[0]?.tickers;
    expect(tickers('Toronto, ON / April 16, 2018 / Victoria Gold Corp. (TSX.V-VIT) ("Victoria") has signed.')).toEqual([
      'TSXV:VIT',
    ]);
    expect(
      tickers(
        'VANCOUVER, February 8, 2022 - Sabina Gold & Silver Corp. ("Sabina") (SBB - TSX / SGSVF - OTCQX) announces.',
      ),
    ).toEqual(['TSX:SBB', 'OTCQX:SGSVF']);
    expect(
      tickers('19 December 2023\n\nCentamin plc ("Centamin" or "the Company")\nLSE: CEY / TSX: CEE\n\nAn update.'),
    ).toEqual(['LSE:CEY', 'TSX:CEE']);
    expect(
      tickers(
        '1 August 2023\n\nPan African Resources PLC\nShare code on AIM: PAF\nShare code on JSE: PAN\n\nPan African announces.',
      ),
    ).toEqual(['AIM:PAF', 'JSE:PAN']);
    const deals = (text: string) => extractFacts(text).financings.map((f) => [f.amount, f.type, f.status]);
    expect(deals('The Company obtained an unsecured loan of US$1 million during the quarter.')).toEqual([
      [1_000_000, 'debt', 'closed'],
    ]);
    expect(
      deals(
        '- All conditions precedent to the R1.3 billion senior debt facility have been fulfilled and the facility is now effective.',
      ),
    ).toEqual([[1_300_000_000, 'debt', 'closed']]);
  });
});

describe('fresh set 5, read after it was scored untouched twice', () => {
  it('reads grades whose unit is split around the metals, holes with underscores or a spaced prefix, and eCu', () => {
    const facts = extractFacts(
      [
        '- Hole 38: 15 ft. grading 48.244 oz. gold and 39.48 oz. silver per ton',
        'Hole 59 was collared 400 metres from the resource. It cut 109 metres grading 1.71 grams gold and 69.03 grams silver per tonne from 383 metres downhole.',
        '- VU_23_DD_001',
        'o 2.9m @ 2.07% CuEq from 19.4m',
        'Drill Hole AZG 21-13A-18',
        '- 4.7 m at 2.34 g/t Au; including 0.9 m at 5.33 g/t Au',
        'Hole ID | From (m) | To (m) | Interval (m) | eCu (%) | Cu (%) | Au (g/t)',
        'KHDDH638 | 273.4 | 817.4 | 544 | 0.4 | 0.34 | 0.12',
      ].join('\n\n'),
    );
    expect(facts.intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.unit, f.element, f.including])).toEqual([
      ['38', 4.572, 48.244, 'oz/t', 'Au', false],
      ['59', 109, 1.71, 'g/t', 'Au', false],
      ['VU_23_DD_001', 2.9, 2.07, '%', 'CuEq', false],
      ['AZG 21-13A-18', 4.7, 2.34, 'g/t', 'Au', false],
      ['AZG 21-13A-18', 0.9, 5.33, 'g/t', 'Au', true],
      ['KHDDH638', 544, 0.4, '%', 'CuEq', false],
    ]);
  });

  it('leaves out intervals a release recalls for context, across semicolons, a peak sample and a headline’s rounding', () => {
    const facts = extractFacts(
      [
        'New Found Intercepts 43 g/t Au Over 11.6m at Keats West',
        'Hole No. | From (m) | To (m) | Interval (m) | Au (g/t)',
        'NFGC-22-990 | 173.00 | 184.60 | 11.60 | 42.75',
        'For context, intervals from earlier drill programs referred to in this release are:',
        'Drill Hole A98-5',
        '- 170.1 - 171.6; 1.5m at 7.03 g/t Au (CUVND2)',
        'Results released earlier in the season, and previously reported, included 177.9 m of 0.47 g/t Au from 24.4 m in DDH AX-22-251; 31.8 m of 1.80 g/t Au from 56.4 m in DDH AX-22-258.',
        'AZG-21-13-12 hit 1.5 m at 22.07 g/t Au in the CUVND3 domain, about 29 m up dip of A98-5. It gave a peak sample of 65.2% Cu over 0.5 metres.',
      ].join('\n\n'),
    );
    expect(facts.intercepts.map((f) => [f.hole_id, f.width_m, f.grade])).toEqual([
      ['NFGC-22-990', 11.6, 42.75],
      ['AZG-21-13-12', 1.5, 22.07],
    ]);
  });
  it('reads decimal commas, a reserve named for its deposit, and a headline in ounces as the table’s line', () => {
    const facts = extractFacts(
      [
        'Brazil Resources Increases Indicated Resource by 77% to 786,737 Ounces Gold at 1.4 g/t',
        'Category | Tonnes (Mt) | Grade (g/t Au) | Ounces',
        'Indicated | 17.48 | 1.40 | 786,737',
        'The FS includes a maiden Ore Reserve estimate for Kalongwe of 6,98 Mt at 3,03% copper and 0,36% cobalt.',
        'The results infill the Ewoyaa South-2 deposit, which forms part of the 35.3Mt @ 1.25% Li2O Ewoyaa Mineral Resource Estimate.',
        '1 Ewoyaa Mineral Resource Estimate of 35.3Mt @ 1.25% Li2O; refer announcement of 1 February 2023.',
      ].join('\n\n'),
    );
    expect(facts.resources.map((f) => [f.category, f.tonnes_mt, f.grade])).toEqual([
      ['Indicated', 17.48, 1.4],
      ['Proven & Probable', 6.98, 3.03],
    ]);
  });

  it('reads programmes past, planned and running as their verbs say, not rates, depths or historical drilling', () => {
    const status = (text: string) => extractFacts(text).programmes.map((f) => [f.metres, f.holes, f.status]);
    expect(
      status('With rare earths confirmed, the company drilled a 37-hole aircore program to follow up the anomaly.'),
    ).toEqual([[null, 37, 'completed']]);
    expect(status('Preparations for drilling at the Ootsa property are underway.')).toEqual([[null, null, 'planned']]);
    expect(
      status(
        '"Near-surface gold continues to show up in hole after hole, and the 2022 drilling gives us data for planning our 2023 program."',
      ),
    ).toEqual([[null, null, 'planned']]);
    expect(
      status(
        'With six rigs on site, we expect to drill about 10,000m a month. We are keen to test the target down to around 900m. The zones line up with more than 42,000m of historical Soviet-era drilling.',
      ).filter(([metres]) => metres !== null),
    ).toEqual([]);
  });
  it('reads issuers after a double-dash dateline, without a listing word or possessive, with listings told twice', () => {
    const first = (text: string) => extractFacts(text).issuers.map((f) => [f.name, f.tickers]);
    expect(
      first(
        'VANCOUVER, British Columbia--(BUSINESS WIRE)--December 6, 2023--New Found Gold Corp. ("New Found") (TSX-V: NFG, NYSE-A: NFGC) reports.',
      ),
    ).toEqual([['New Found Gold Corp.', ['TSXV:NFG', 'NYSE American:NFGC']]]);
    expect(
      first('Dec 2023 - Nordic Nickel Limited\'s ("Nordic Nickel" or "the Company") (ASX: NNL) flagship project.'),
    ).toEqual([['Nordic Nickel Limited', ['ASX:NNL']]]);
    expect(
      first(
        'Vertex Minerals Limited (ASX:VTX) Convertible Loan Update\n\nPerth, Jan 30, 2025 AEST (ABN Newswire) - Vertex Minerals Limited (ASX:VTX) (VTXXF:OTCMKTS) advises.',
      ),
    ).toEqual([['Vertex Minerals Limited', ['ASX:VTX', 'OTC:VTXXF']]]);
  });

  it('leaves out a market capitalisation, a deal already announced, an amended facility and an upsized component', () => {
    const deals = (text: string) => extractFacts(text).financings.map((f) => [f.amount, f.type, f.status]);
    expect(
      deals(
        [
          'As announced on November 23, 2020, the Company closed a US$18 million project financing with Star Royalties Ltd.',
          'Tahoe recently amended its revolving credit facility, which now comprises a $175 million revolving credit facility.',
          'The Company has raised the flow-through component from C$5,454,545 to C$6,000,000.',
          'The company, which has a market capitalisation of $71.55 million, says the placement will raise about $10.7 million in cash.',
        ].join('\n\n'),
      ),
    ).toEqual([[10_700_000, 'private-placement', 'announced']]);
    expect(
      deals(
        'Maple Gold closed its offering. The Company issued 35,935,000 flow-through common shares at a price of $0.08 per FT Share, for total gross proceeds to the Company of $5,000,000.',
      ),
    ).toEqual([[5_000_000, 'flow-through', 'closed']]);
  });
});

describe('fresh set 6, read after it was scored untouched twice', () => {
  it('reads US statements of tons containing ounces, a category’s size alone, thousands of tons and alumina', () => {
    const facts = extractFacts(
      [
        'Measured and indicated resources totaled 69.03 million tons containing 219.3 million ounces of silver.',
        'Proven and probable reserves have been re-estimated at 53.1 million tonnes grading 0.214% tungsten. The inferred resource stands at 27 million tonnes at similar grades.',
        '- an Indicated Mineral Resource of 293,000 tonnes ("t") averaging 0.62 grams per tonne ("g/t") gold, for 5,860 ounces',
        'Lindian has lifted the resource estimate to 900 million tonnes grading 45 per cent alumina.',
        'Category | Tons (000) | Silver (oz/ton)',
        'Proven and Probable | 10,020 | 10.05',
        "Westgold's Ore Reserve stands at 50Mt at 2.05g/t gold for 3.3Moz, as released to the ASX on 26 August 2024.",
      ].join('\n\n'),
    );
    expect(facts.resources.map((f) => [f.category, f.tonnes_mt, f.grade, f.element, f.contained])).toEqual([
      ['Measured & Indicated', 69.03, null, 'Ag', 219_300_000],
      ['Proven & Probable', 53.1, 0.214, 'WO3', null],
      ['Inferred', 27, null, null, null],
      ['Indicated', 0.293, 0.62, 'Au', 5_860],
      ['Total', 900, 45, 'Al2O3', null],
      ['Proven & Probable', 10.02, 10.05, 'Ag', null],
    ]);
  });

  it('reads a quarter’s total drilling, not its parts, prior years or a results sentence’s ownership percentage', () => {
    const programmes = (text: string) => extractFacts(text).programmes.map((f) => [f.metres, f.holes, f.status]);
    expect(
      programmes(
        [
          '- Underground resource drilling: total drilling for the quarter was 6,187 metres, made up of:',
          '  o reserve drilling at levels 8, 9 and 10 of 3,512 metres; and',
          '  o extensional drilling below level 10 of 2,675 metres.',
        ].join('\n'),
      ),
    ).toEqual([[6187, null, 'completed']]);
    expect(
      programmes(
        'In 2018, Gold Fields spent US$80m on near-mine exploration (2017: US$87m), which paid for a total of 507,497 metres of near-mine drilling (2017: 754,669 metres).',
      ),
    ).toEqual([[507_497, null, 'completed']]);
    expect(
      programmes(
        'Cornish Metals Inc. (TSX-V: CUSN), advancing its 100% owned South Crofty tin project, reports assays from the last eight holes of the 14-hole / 8,993m drilling programme completed at its Wide Formation target.',
      ),
    ).toEqual([[8993, 14, 'completed']]);
    expect(
      programmes('We expect that little or no further drilling will be required for the pre-feasibility study.'),
    ).toEqual([]);
  });
  it('reads five-part hole names, a start depth between width and grade, imperial grades and an ounce as gold', () => {
    const facts = extractFacts(
      [
        '- 35 metres ("m") at 4.1 grams per tonne gold ("g/t Au") in drill hole BSR-21-RC-FFR-218 from 86m',
        'Within that zone, hole LTP-169 gave 2.0 metres from 175.0 metres assaying 119.7 g/t gold (uncut).',
        'The longest intercept averaged 0.67 oz. gold per ton over 215 ft., starting at a depth of 290 ft.',
        'Drilling has cut wider zones than the model carries - such as 54 ounces per ton silver over 39 feet - and found mineralization deeper than any earlier hole.',
      ].join('\n\n'),
    );
    expect(facts.intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.unit, f.element])).toEqual([
      ['BSR-21-RC-FFR-218', 35, 4.1, 'g/t', 'Au'],
      ['LTP-169', 2, 119.7, 'g/t', 'Au'],
      [null, 65.532, 0.67, 'oz/t', 'Au'],
      [null, 11.8872, 54, 'oz/t', 'Ag'],
    ]);
    expect(extractFacts('An interval of roughly 31 feet averaging 1.29 ounces per ton.').intercepts[0]?.element).toBe(
      'Au',
    );
  });

  it('takes the company a report is of, and leaves out a raise of years past or one still to be raised', () => {
    expect(
      extractFacts('Quarterly Activities Report and Appendix 5B of Cauldron Energy Limited (ASX: CXU) for the quarter.')
        .issuers[0]?.name,
    ).toBe('Cauldron Energy Limited');
    expect(
      extractFacts(
        'In June 2016 the Company completed a US$30 million equity financing with MNG Gold.\n\n· About US$12 million to be raised from institutional investors (the "Principal Placing").',
      ).financings.map((f) => [f.amount, f.status]),
    ).toEqual([[12_000_000, 'announced']]);
  });
});

describe('fresh set 7, read after it was scored untouched twice', () => {
  it('reads graphitic carbon and copper-zinc grades, and leaves out channel sections, earlier drilling and other holes’ results', () => {
    const facts = extractFacts(
      [
        'Drill Hole Id | From (m) | To (m) | Length (m) | Average Results% (Cg)',
        'DDH-AS22-10 | 115 | 148.35 | 33.35 | 5.00',
        'Channel Sampling',
        'Channel CS-AS22-01 returned 1.01% Cg over 10.0 m including 1.99% Cg over 3.0 m.',
        'Drilling at Scorpion',
        'A twin hole program returned 34m at 3.5% copper-zinc, including 10m at 6% copper-zinc.',
        'Earlier drilling at the Bighorn target cut four veins, the best returning 2.35 metres averaging 125 g/t silver (drilled in 2019).',
        '• Hole KM-24-143 intersected 20.1 m at 3.4% CuEq and fills the gap between holes KM-21-35 (5.5 m at 2.3% CuEq) and KM-22-79 (7.9 m at 4.0% CuEq).',
      ].join('\n\n'),
    );
    expect(facts.intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.element, f.including])).toEqual([
      ['DDH-AS22-10', 33.35, 5, 'TGC', false],
      [null, 34, 3.5, 'Cu+Zn', false],
      [null, 10, 6, 'Cu+Zn', true],
      ['KM-24-143', 20.1, 3.4, 'CuEq', false],
    ]);
  });

  it('reads listings after a defined term, Stockwatch codes and NYSE Amex, and financings of several new shapes', () => {
    const tickers = (text: string) => extractFacts(text).issuers[0]?.tickers;
    expect(tickers('Future Metals NL ("Future Metals" or the "Company", ASX | AIM: FME) presents its report.')).toEqual(
      ['ASX:FME', 'AIM:FME'],
    );
    expect(
      tickers('Vancouver - Silver North Resources Ltd. (TSXV:SNAG), (OTC:TARSF) ("Silver North") reports.'),
    ).toEqual(['TSXV:SNAG', 'OTC:TARSF']);
    expect(tickers('Eureka Lithium Corp (C:ERKA)\n\nMr. Jeffrey Wilson reports')).toEqual(['CSE:ERKA']);
    const deals = (text: string) => extractFacts(text).financings.map((f) => [f.amount, f.currency, f.type, f.status]);
    expect(
      deals(
        'WHEAT RIDGE, Colorado - Solitario Exploration & Royalty Corp. (TSX: SLR; NYSE Amex: XPL) announces that Sandstorm has purchased a 2.4% net smelter returns royalty on the project for $10.0 million.',
      ),
    ).toEqual([[10_000_000, null, 'royalty', 'closed']]);
    expect(
      deals(
        'Chieftain Metals Inc. (TSX: CFB) signs a US$60 million gold and silver purchase agreement with Royal Gold.',
      ),
    ).toEqual([[60_000_000, 'USD', 'stream', 'announced']]);
    expect(
      deals('- $295,000 of co-funded cash grants awarded under the WA Government Exploration Incentive Scheme ("EIS")'),
    ).toEqual([[295_000, null, 'grant', 'announced']]);
    expect(
      deals(
        'Aurum (ASX: AUM) is raising A$5 million in a placement.\n\n- The Directors have subscribed for A$150,000 under the Placement.',
      ).length,
    ).toBe(1);
  });
  it('takes a deal’s size from the headline when the body names the agreement without it', () => {
    const facts = extractFacts(
      'VANCOUVER -- Ero Copper Corp. (TSX: ERO) (NYSE: ERO) has entered into a precious metals purchase agreement with RGLD Gold AG for gold produced from the NX Gold Mine.',
      { title: 'Ero Gold Enters US$100 Million Gold Stream with Royal Gold on NX Gold Mine' },
    );
    expect(facts.financings.map((f) => [f.amount, f.currency, f.type])).toEqual([[100_000_000, 'USD', 'stream']]);
  });
});

describe('fresh set 8, read after it was scored untouched twice', () => {
  it('reads thousands apart by spaces, a share issue, a raise told the sentence before and commissions as no deal', () => {
    const deals = (text: string) => extractFacts(text).financings.map((f) => [f.amount, f.currency, f.type, f.status]);
    expect(
      deals(
        'Hamak Gold, together with its broker, has raised gross proceeds of £350 000, before expenses.\n\nThe money was raised through the issue of four-million new shares at 8.75p each.',
      ),
    ).toEqual([[350_000, 'GBP', 'private-placement', 'closed']]);
    expect(deals('StockMarketWire.com - Orosur Mining said it had raised £4 million through a share issue.')).toEqual([
      [4_000_000, 'GBP', 'private-placement', 'closed'],
    ]);
    expect(
      deals(
        'Lion One closed its LIFE offering for C$10 million. In connection with the LIFE offering, the company paid the agents a cash commission of $700,000.\n\nIn August the company announced a C$45 million debenture financing.\n\nThe Company repriced warrants issued under a private placement that closed on September 4, 2020.',
      ),
    ).toEqual([[10_000_000, 'CAD', 'public-offering', 'closed']]);
    expect(
      extractFacts('Hamak has signed a contract for the next phase, expected to total about 1 000 m of core drilling.')
        .programmes[0]?.metres,
    ).toBe(1000);
  });

  it('reads drilling that continues or has passed a size as running, and an intercept’s length as no programme', () => {
    const status = (text: string) => extractFacts(text).programmes.map((f) => [f.metres, f.status]);
    expect(status('Drilling is continuing at Rim Rock and will then move to the Groundhog prospect.')).toEqual([
      [null, 'underway'],
    ]);
    expect(status('Phase II has now passed 57,000 meters of drilling.')).toEqual([[57_000, 'underway']]);
    expect(
      status(
        'The upper 90.0 m of the 361.7-metre intercept lie outside the resource, an opportunity for more drilling.',
      ),
    ).toEqual([]);
  });

  it('takes the company from a headline’s short name, past a description, a person reporting or its directors', () => {
    const issuer = (text: string, title = '') => extractFacts(text, { title }).issuers[0];
    expect(
      issuer(
        'Mining company Hamak Gold, together with its broker, has raised funds.',
        'Hamak raises funds for next phase of Nimba drilling',
      )?.name,
    ).toBe('Hamak Gold');
    expect(issuer('Western Australia-focused M3 Mining (ASX: M3M) reports a gold hit.')?.name).toBe('M3 Mining');
    expect(
      issuer('Lion One Metals Ltd (V:LIO)\n\nMr. Walter Berukoff reports\n\nLion One closes its offering.')?.tickers,
    ).toEqual(['TSXV:LIO']);
    expect(
      issuer('The directors of Thor Energy Plc ("Thor") (AIM, ASX: THR, OTCQB: THORF) report intercepts.'),
    ).toMatchObject({
      name: 'Thor Energy Plc',
      tickers: ['AIM:THR', 'ASX:THR', 'OTCQB:THORF'],
    });
    expect(
      issuer('Crystal Lake Mining Corp. [CLM-TSXV; SIOCF-OTC; SOG-FF] said it has raised $3.8 million.')?.tickers,
    ).toEqual(['TSXV:CLM', 'OTC:SIOCF', 'FSE:SOG']);
  });
});

describe('fresh set 9, read after it was scored untouched twice', () => {
  it('reads a programme’s size, not its option to extend, a hole’s depth, an old plan, a zone or a past fiscal year', () => {
    const metres = (text: string) => extractFacts(text).programmes.map((f) => f.metres);
    expect(
      metres(
        '- Rubaco engaged to carry out a reverse circulation ("RC") drill programme of 2,000 metres in 20 holes, with an option to extend to 3,000 metres',
      ),
    ).toEqual([2000]);
    expect(
      metres('It has completed a first exploration hole of 1,542 feet, and four follow-up holes are planned.'),
    ).not.toContain(470.0016);
    expect(
      metres(
        'Rubicon doubles its Phoenix drill program to 80,000 metres. The original plan had called for 40,000 metres of drilling.',
      ),
    ).toEqual([80_000]);
    expect(
      metres('Drilling to date has tested two areas: a 300m extension zone along strike and the new target.'),
    ).toEqual([]);
  });

  it('leaves out a resource’s older figure and a comparison, reads a reserve told ounces first, and strips descriptions', () => {
    const facts = extractFacts(
      [
        'The Indicated Mineral Resource has grown by 14% to 820,000 ounces at 12.1 g/t gold, up from 715,000 ounces at 11.8 g/t gold a year earlier.',
        'For comparison, the FY2012 estimate held 2,019,000 ounces at 10.1 g/t gold.',
        '- Maiden Reserve of 922,900oz Au (20.2Mt @ 1.42g/t)',
      ].join('\n\n'),
    );
    expect(facts.resources.map((f) => [f.category, f.tonnes_mt, f.grade, f.contained])).toEqual([
      ['Indicated', null, 12.1, 820_000],
      ['Proven & Probable', 20.2, 1.42, null],
    ]);
    expect(extractFacts('Vancouver-based Foran Mining Corp. has released a positive PEA.').issuers[0]?.name).toBe(
      'Foran Mining Corp.',
    );
    expect(extractFacts('Developer Lion One Metals has updated its PEA for the Tuvatu project.').issuers[0]?.name).toBe(
      'Lion One Metals',
    );
  });
  it('reads a table’s cut-off column as no grade, and a brine’s LCE column as what it holds, not ore tonnes', () => {
    const rows = (lines: string[]) =>
      extractFacts(lines.join('\n')).resources.map((f) => [f.category, f.tonnes_mt, f.grade, f.contained, f.cutoff]);
    expect(
      rows([
        'Mineral Resource Estimate (JORC 2012)',
        'Category | Tonnes (Mt) | Cut-off (g/t) | Grade (g/t Au) | Ounces (koz)',
        'Indicated | 12.5 | 0.5 | 1.20 | 482',
      ]),
    ).toEqual([['Indicated', 12.5, 1.2, 482_000, '0.5 g/t Au']]);
    expect(
      rows([
        'Lithium Mineral Resource (NI 43-101)',
        'Category | Brine Volume (Mm3) | Li (mg/L) | LCE (Mt)',
        'Measured | 120 | 923 | 1.05',
        'Category | Li (mg/L) | Contained LCE (kt) | Cut-off (mg/L)',
        'Measured & Indicated | 637 | 5,369 | 400',
      ]),
    ).toEqual([
      ['Measured', null, 923, 1_050_000, null],
      ['Measured & Indicated', null, 637, 5_369_000, '400 mg/L Li'],
    ]);
  });
});

describe('fresh set 10, read after it was scored untouched twice', () => {
  it('reads the inner interval within a broader one, the sentence’s subject hole, long descriptions and intersections', () => {
    const facts = extractFacts(
      [
        'The best grade came from hole 99-06, a vertical hole drilled close to the mineralization found in hole 99-01.',
        'It cut 2.6 metres grading 11.24% nickel and 0.76% copper within a broader mineralized intersection of 47 metres grading 1.59% nickel.',
        'The parent hole intersected 56 metres of sulphide breccia and quartz-vein material averaging 3.7 grams gold per tonne.',
        'The best results were a 10.5-metre intersection grading 0.091% U3O8.',
      ].join('\n\n'),
    );
    expect(facts.intercepts.map((f) => [f.hole_id, f.width_m, f.grade, f.element, f.including])).toEqual([
      ['99-06', 2.6, 11.24, 'Ni', true],
      ['99-06', 47, 1.59, 'Ni', false],
      [null, 56, 3.7, 'Au', false],
      [null, 10.5, 0.091, 'U3O8', false],
    ]);
  });

  it('leaves out results already reported, across semicolons, and a comparison; reads a placement finalised as closed', () => {
    const facts = extractFacts(
      [
        'Those earlier results, which the company had already reported, included 12m @ 1.03g/t Au from 40m; 8m @ 1.28g/t Au from 28m; 4m @ 3.15 g/t Au from 12m.',
        'The results stand comparison with the 61.5 metres grading 1.5% nickel that sent the shares above $3.',
        'West Perth-based Black Rock Mining has finalised a $5 million placement at 15 cents a share.',
      ].join('\n\n'),
    );
    expect(facts.intercepts).toEqual([]);
    expect(facts.financings.map((f) => [f.amount, f.status])).toEqual([[5_000_000, 'closed']]);
  });
});

describe('fresh sets 11 and 12, read after they were scored untouched on two sessions’ code', () => {
  const issuer = (title: string, body: string) => {
    const found = extractFacts(body, { title }).issuers[0];
    return found ? [found.name, found.tickers] : null;
  };

  it('takes a headline’s subject as the body names it in full, whatever follows it in the headline', () => {
    expect(
      issuer(
        'Gascoyne drilling exceeds expectations',
        'Gascoyne drilling exceeds expectations\n\nTHE DRILL SERGEANT: Gascoyne Resources has received first assays from its Glenburgh project.',
      ),
    ).toEqual(['Gascoyne Resources', []]);
    expect(
      issuer(
        'INV Metals: New study at Loma Larga ups after-tax NPV',
        "A preliminary feasibility study on INV Metals Inc.'s Loma Larga gold project in Ecuador gives an after-tax NPV of US$300.9 million.",
      ),
    ).toEqual(['INV Metals Inc.', []]);
    expect(
      issuer(
        'Premier Gold, Roxmark drill 37 m of 5.21 g/t Au',
        'Premier Gold, Roxmark drill 37 m of 5.21 g/t Au\n\nOngoing drilling by Premier Gold Mines Ltd. keeps cutting gold across several subzones.',
      ),
    ).toEqual(['Premier Gold Mines Ltd.', []]);
    expect(
      issuer(
        'Zinc of Ireland announces follow-up drilling at Kildare',
        'Encouraged by its intercepts, explorer Zinc of Ireland on Friday announced a third phase of drilling.',
      ),
    ).toEqual(['Zinc of Ireland', []]);
  });

  it('leaves a headline without a company alone, and finds the listing its issuer has further down', () => {
    expect(
      issuer(
        'Major Drilling Program Begins at Red Lake',
        'A major drilling program has begun at Red Lake, where several explorers hold ground.',
      ),
    ).toBeNull();
    expect(
      issuer(
        'Aton Resources Inc. Reports Results of Phase 2 Drilling',
        'Aton Resources Inc. reports the results of its Phase 2 diamond drilling at Semna.\n\nAbout Aton Resources Inc.\n\nAton Resources Inc. (TSXV: AAN) is focused on its Abu Marawat concession in Egypt.',
      ),
    ).toEqual(['Aton Resources Inc.', ['TSXV:AAN']]);
  });
});

describe('fresh set 11’s programmes and money, read after it was scored untouched on two sessions’ code', () => {
  it('reads a programme’s start told in the lead for its size told later, and this month as its timing', () => {
    const programmes = (text: string) =>
      extractFacts(text).programmes.map((p) => [p.metres, p.status, p.timing, p.drill_type]);
    expect(
      programmes(
        [
          'Lithium Power International has announced the start of a drilling programme at its East Kirup prospect.',
          'The prospect lies 20km northwest of Greenbushes along the Donnybrook Shear Zone.',
          'The first stage of the programme comprises 960m of reverse circulation drilling and 400m of HQ diamond drilling.',
        ].join('\n\n'),
      ),
    ).toEqual([
      [960, 'underway', null, 'RC'],
      [400, 'underway', null, 'diamond'],
    ]);
    expect(
      programmes('The company is carrying out more exploratory drilling this month at its Halleck Creek site.'),
    ).toEqual([[null, 'underway', 'this month', null]]);
  });

  it('reads neither a condition on the drilling nor ground never drilled as drilling done', () => {
    const statuses = (text: string) => extractFacts(text).programmes.map((p) => p.status);
    expect(
      statuses(
        'A 1,200m RC drilling programme is being carried out under an approved plan. The work must also be finished in dry conditions.',
      ),
    ).toEqual(['underway']);
    expect(statuses('A 900m diamond drilling programme is planned. The area has never been drilled before.')).toEqual([
      'planned',
    ]);
  });

  it('reads money raised to push ahead with exploration and drilling as funding drilling', () => {
    const [deal] = extractFacts(
      'Estrella Resources (ASX: ESR) has locked in a $3.75 million placement to push ahead with exploration and drilling in Timor-Leste.',
    ).financings;
    expect([deal?.amount, deal?.funds_drilling]).toEqual([3_750_000, true]);
  });
});

describe('fresh set 12, read after it was scored untouched on two sessions’ code', () => {
  it('reads a metal’s own tonnes column as what the ore holds, and leaves a like-for-like comparison table out', () => {
    const resources = extractFacts(
      [
        'The updated MRE is reported above a 0.05% tin ("Sn") cut-off under the 2012 JORC Code:',
        'Category | Tonnage (Million) | Grade (% Sn) | Tin (Tonnes)',
        'Measured | 33.0 | 0.13 | 44,200',
        'Inferred | 61.1 | 0.09 | 61,100',
        '',
        'For a like-for-like comparison with the 2014 MRE, the model reported at a 0.10% Sn cut-off gives:',
        'Category | 2014 MRE Tonnes (Million) | 2014 Grade (%Sn) | 2023 Tonnes (Million) | 2023 Grade (%Sn)',
        'Indicated | 26.9 | 0.17 | 16.5 | 0.16',
      ].join('\n'),
    ).resources.map((f) => [f.category, f.tonnes_mt, f.grade, f.element, f.contained, f.contained_unit]);
    expect(resources).toEqual([
      ['Measured', 33, 0.13, 'Sn', 44_200, 't'],
      ['Inferred', 61.1, 0.09, 'Sn', 61_100, 't'],
    ]);
  });

  it('reads manganese and heavy-mineral grades, and a programme’s size told in the sentence after its start', () => {
    const intercepts = (text: string) => extractFacts(text).intercepts.map((f) => [f.width_m, f.grade, f.element]);
    expect(intercepts('Drilling returned 6m at 38.1% manganese, including 3m at 42% manganese.')).toEqual([
      [6, 38.1, 'Mn'],
      [3, 42, 'Mn'],
    ]);
    expect(intercepts('Results include 12m at 29.48 per cent VHM from 27m.')).toEqual([[12, 29.48, 'VHM']]);
    expect(
      extractFacts(
        'A2Gold has begun a diamond core drilling campaign at Eastside. The programme is fully funded and is planned to cover approximately 2,500m.',
      ).programmes.map((p) => [p.metres, p.status]),
    ).toEqual([[2500, 'underway']]);
  });

  it('takes what a headline about money says it pays for when the body does not', () => {
    const [deal] = extractFacts(
      'Lodestar Minerals Limited (ASX: LSR) has completed a $520,000 capital raising through a placement of 47,272,727 shares.',
      { title: 'Lodestar Raises $520,000 via 47 Million Shares to Fund Chile Drilling' },
    ).financings;
    expect([deal?.amount, deal?.use_of_proceeds, deal?.funds_drilling]).toEqual([520_000, 'Chile Drilling', true]);
  });
});

describe('ounce-only statements of fresh set 11', () => {
  it('reads a category told in ounces alone as news, and leaves what a project hosts as its standing estimate', () => {
    const resources = (text: string) =>
      extractFacts(text).resources.map((f) => [f.category, f.tonnes_mt, f.contained, f.contained_unit]);
    expect(
      resources(
        'Total reserves for the Palito mine at 31 December now stood at 53,000 contained ounces, slightly lower than the August estimate of 55,000 contained ounces.\n\nMeasured and indicated resources rose to 180,000 contained ounces from 171,000, and inferred resources climbed to 118,000 ounces from 111,000.',
      ),
    ).toEqual([
      ['Total', null, 53_000, 'oz'],
      ['Measured & Indicated', null, 180_000, 'oz'],
      ['Inferred', null, 118_000, 'oz'],
    ]);
    expect(resources('The study uses the updated probable reserves of 1.86 million ounces of contained gold.')).toEqual(
      [['Probable', null, 1_860_000, 'oz']],
    );
    expect(resources('Springpole hosts an Indicated mineral resource of 4.6 million ounces of gold.')).toEqual([]);
  });
});

describe('financings of fresh set 13', () => {
  const deals = (text: string, title = '') =>
    extractFacts(text, { title }).financings.map((f) => [f.amount, f.currency, f.type, f.status, f.funds_drilling]);

  it('takes a total over the tranches as the deal’s size, and flow-through shares told after it as its type', () => {
    expect(
      deals(
        'Kestrel Gold Corp. (TSXV: KGC) has closed the final tranche of its non-brokered private placement. With the first tranche, Kestrel raised about $3.1 million in total gross proceeds over the two tranches.\n\nThe shares sold in the offering qualify as "flow-through shares" under the Income Tax Act (Canada).',
      ),
    ).toEqual([[3_100_000, 'CAD', 'flow-through', 'closed', true]]);
  });

  it('reads money raised as a deal, plural placements that totalled an amount as closed, an IPO and a conditional raise, but not money raised over time', () => {
    expect(
      deals('Aurum West Resources (ASX: AWR) successfully raised $1.8 million this week to fund RC drilling.'),
    ).toEqual([[1_800_000, 'AUD', 'private-placement', 'closed', true]]);
    expect(deals('The non-brokered private placements totalled $640,000 and will fund till sampling.')).toEqual([
      [640_000, null, 'private-placement', 'closed', false],
    ]);
    expect(
      deals(
        'Lodge Metals (ASX: LDM) lodged a prospectus for an IPO to raise $7 million to fund drilling at Mount Hope.',
      ),
    ).toEqual([[7_000_000, 'AUD', 'public-offering', 'announced', true]]);
    expect(
      deals('Tarn Mining has conditionally raised approximately US$40 million through an equity fundraising.'),
    ).toEqual([[40_000_000, 'USD', 'private-placement', 'announced', false]]);
    expect(deals('Since March the company has raised $2,410,000 from option exercises and placements.')).toEqual([]);
  });

  it('keeps a royalty sale’s tranche apart from a share placement told before it, and a running total out', () => {
    expect(
      deals(
        'The private placements by two funds closed for aggregate gross proceeds of C$60 million.\n\nThe first tranche of the C$40 million royalty sale closed for C$20 million.\n\nThat brings total gross proceeds received to date to C$80 million, including the private placements.',
      ).map(([amount, , type]) => [amount, type]),
    ).toEqual([
      [60_000_000, 'private-placement'],
      [40_000_000, 'royalty'],
    ]);
  });
});

describe('issuers of fresh sets 13 and 14', () => {
  const issuer = (text: string, title = '') =>
    extractFacts(text, { title }).issuers.map((fact) => [fact.name, fact.tickers]);

  it('reads the Northern Miner’s codes, and a partner named first as the company', () => {
    expect(
      issuer(
        'Partners Tamar Gold (TMG-V) and Orca Metals (ORC-T) have started a 2,000-metre program of underground drilling.',
      ),
    ).toEqual([['Tamar Gold', ['TSXV:TMG']]]);
    expect(issuer('Operator Brennan Resources (BRN-A) expanded its resource.')).toEqual([
      ['Brennan Resources', ['ASE:BRN']],
    ]);
  });

  it('names a headline’s subject as the body does in full: past a title-case verb, an abbreviation, capitals', () => {
    expect(
      issuer(
        'Kestrel Intersects High-Grade Gold at the North Zone\n\nKestrel Metals Ltd. yesterday released its first assays.',
        'Kestrel Intersects High-Grade Gold at the North Zone',
      ),
    ).toEqual([['Kestrel Metals Ltd.', []]]);
    expect(
      issuer(
        'Brolga Res. plans drilling program\n\nBrolga Resources plans to start drilling at its gold project in March.',
        'Brolga Res. plans drilling program',
      ),
    ).toEqual([['Brolga Resources', []]]);
    expect(
      issuer(
        'KCL breaks ground at Tarn\n\nKCL RESOURCES’ first hole at Tarn hit a porphyry.',
        'KCL breaks ground at Tarn',
      ),
    ).toEqual([['KCL RESOURCES', []]]);
    expect(
      issuer(
        'Deep Drilling Campaign Hits Promising Copper Indicators',
        'Deep Drilling Campaign Hits Promising Copper Indicators',
      ),
    ).toEqual([]);
  });

  it('gives a short name beside its listing the full name the body uses elsewhere', () => {
    expect(
      issuer(
        'Aurum West Resources successfully raised $1.8 million this week.\n\nAurum West (ASX: AWR) will issue 40,000,000 new shares at 4.5c.',
      ),
    ).toEqual([['Aurum West Resources', ['ASX:AWR']]]);
  });
});

describe('resources and programmes of fresh sets 13 and 14', () => {
  it('reads the trade press’s grams of gold in a resource, per tonne told or not', () => {
    const resources = extractFacts(
      'The indicated resource now stands at 22.4 million tonnes grading 1.62 grams gold per tonne. There is also an inferred resource of 3.1 million tonnes grading 1.8 grams gold.',
    ).resources.map((f) => [f.category, f.tonnes_mt, f.grade, f.unit, f.element]);
    expect(resources).toEqual([
      ['Indicated', 22.4, 1.62, 'g/t', 'Au'],
      ['Inferred', 3.1, 1.8, 'g/t', 'Au'],
    ]);
  });

  it('reads drill programs that are under way as running, whatever else the sentence says will come', () => {
    expect(
      extractFacts(
        'Until then there will be no news from the Lynx properties, where delineation and reconnaissance drill programs are under way.',
      ).programmes.map((p) => p.status),
    ).toEqual(['underway']);
  });

  it('leaves out the drilling a company completed last year', () => {
    expect(
      extractFacts('Last year the company completed 12,300 metres of diamond drilling at the site.').programmes,
    ).toEqual([]);
  });

  it('keeps intervals told beside a historical deposit’s name or a typical thickness, and no phase as a hole count', () => {
    const intervals = (text: string) => extractFacts(text).intercepts.map((i) => [i.hole_id, i.grade, i.element]);
    expect(
      intervals(
        '- New mineralization about 350 feet below the historical Saddle Zone mineralization, with 1.5 feet at 0.024% eU3O8 in hole SD23-027;',
      ),
    ).toEqual([['SD23-027', 0.024, 'eU3O8']]);
    expect(
      intervals(
        '- Mineralization of typical ore-grade thickness was met in 4 holes; the best interval is 4.5 feet at 0.202% eU3O8.',
      ),
    ).toEqual([[null, 0.202, 'eU3O8']]);
    expect(intervals('Historical drill hole DH-5 returned 3 m at 2 g/t Au.')).toEqual([]);
    expect(
      extractFacts('So far the company has drilled 39 phase three infill holes.').programmes.map((p) => p.holes),
    ).not.toContain(3);
  });

  it('reads grades in parts per million of total rare earth oxides, and leaves out results a story says came out earlier', () => {
    const intervals = (text: string) =>
      extractFacts(text).intercepts.map((i) => [i.width_m, i.grade, i.unit, i.element]);
    expect(
      intervals(
        'The highlight is an intersection of 180.5 metres at 4120 parts per million (ppm) total rare earth oxides (TREO).',
      ),
    ).toEqual([[180.5, 4120, 'ppm', 'TREO']]);
    expect(
      intervals(
        'In March the company released diamond drill results from Tesoro, with highlight intercepts of 12.1 metres of 6.2 g/t gold.',
      ),
    ).toEqual([]);
  });

  it('reads a placement told in two parts at a share price as the deal told before, flow-through by its part', () => {
    expect(
      extractFacts(
        'Tern Metals Inc. [TRN-CSE] said it is increasing its non-brokered private placement, which is now expected to raise $2.4 million.\n\nThe placement has two parts: a non-flow-through component of 6.0 million units at 10 cents each, for $600,000, and a flow-through component of 15 million flow-through shares at 12 cents each, for $1.8 million.',
      ).financings.map((f) => [f.amount, f.type, f.status]),
    ).toEqual([[2_400_000, 'flow-through', 'announced']]);
  });

  it('reads the trade press’s grams of gold without per tonne, a grade "of silver equivalent", a metal named before its grade, and results that "included" an interval as no sub-interval', () => {
    const intervals = (text: string) =>
      extractFacts(text).intercepts.map((i) => [i.width_m, i.grade, i.unit, i.element, i.including]);
    expect(
      intervals(
        'The latest results from a phase two infill program included 7.1 metres grading 21.4 grams gold and 1,210 grams silver from 150 metres downhole.',
      ),
    ).toEqual([[7.1, 21.4, 'g/t', 'Au', false]]);
    expect(
      intervals('The hit included a 12.5m zone grading 210.4 grams per tonne of silver equivalent from 90m.'),
    ).toEqual([[12.5, 210.4, 'g/t', 'AgEq', false]]);
    expect(
      intervals('There is also a tungsten opportunity, with results including tungsten grades of 0.31% over 2.5m.'),
    ).toEqual([[2.5, 0.31, '%', 'WO3', false]]);
  });

  it('counts drills turning as rigs of a running programme', () => {
    expect(
      extractFacts(
        'Seven drills are now turning at the project, aimed at upgrading inferred resources.',
      ).programmes.map((p) => [p.rigs, p.status]),
    ).toEqual([[7, 'underway']]);
  });

  it('reads each phase’s metres of a campaign the results came from, done', () => {
    expect(
      extractFacts(
        'The results come from a drilling campaign of 1,840 metres in phase two and a further 2,050 metres in phase three.',
      ).programmes.map((p) => [p.metres, p.status]),
    ).toEqual([
      [2050, 'completed'],
      [1840, 'completed'],
    ]);
  });
});

describe('intercepts of fresh sets 15 and 16', () => {
  const intervals = (text: string) =>
    extractFacts(text).intercepts.map((i) => [i.hole_id, i.width_m, i.grade, i.unit, i.element, i.including]);

  it('reads the trade press’s bare grams after the metal is named once, each with the hole named before it', () => {
    expect(
      intervals(
        'At the Raven prospect, assays included: hole RV-3, 4.1 metres of 5.5 grams gold per tonne; hole RV-4, 2.2 metres of 31.4 grams and 6.05 metres of 9.8 grams; and hole RV-7, 12 metres of 3.3 grams.',
      ),
    ).toEqual([
      ['RV-3', 4.1, 5.5, 'g/t', 'Au', false],
      ['RV-4', 2.2, 31.4, 'g/t', 'Au', false],
      ['RV-4', 6.05, 9.8, 'g/t', 'Au', false],
      ['RV-7', 12, 3.3, 'g/t', 'Au', false],
    ]);
    expect(
      intervals(
        'One hole cut 340 grams silver over 2.1 metres, within an intersection averaging 96.4 grams over 19.5 metres.',
      ),
    ).toEqual([
      [null, 2.1, 340, 'g/t', 'Ag', true],
      [null, 19.5, 96.4, 'g/t', 'Ag', false],
    ]);
    // After grams per tonne of no metal named, the story's metal.
    expect(
      intervals(
        'Gold drilling at the Jay deposit returned: hole JY-3, 2.9 metres of 6.4 grams per tonne; hole JY-5, 14.2 metres of 8.1 grams.',
      ),
    ).toEqual([
      ['JY-3', 2.9, 6.4, 'g/t', 'Au', false],
      ['JY-5', 14.2, 8.1, 'g/t', 'Au', false],
    ]);
    // Bare grams with no metal named before them in the sentence are no interval.
    expect(intervals('The drill string weighed 40 grams over 2 metres of rod.')).toEqual([]);
  });

  it('gives grams per tonne told without a metal the precious metal the story names most', () => {
    expect(
      intervals(
        'The gold miner says drilling beneath the old workings has hit high grades.\n\nA second hole delivered 3.2m at 88.1g/t, 30m from the gold lode.',
      ),
    ).toEqual([[null, 3.2, 88.1, 'g/t', 'Au', false]]);
  });

  it('takes no hole from an AIM header’s TIDM, and leaves out results of an earlier release or a neighbour’s project', () => {
    expect(intervals('TIDM: 7QX\n\nHighlights\n- Significant intercepts include:\n  o 36m @ 0.21% Sn from 4m')).toEqual(
      [[null, 36, 0.21, '%', 'Sn', false]],
    );
    expect(
      intervals(
        'The funds follow high-grade results that included 6.1m at 14.2 g/t Au (ASX Release 3 May 2021) at the project.',
      ),
    ).toEqual([]);
    expect(
      intervals(
        "The claims adjoin Kolmar Gold's Ridge project, where a discovery of 41.3 g/t Au over 7.0 metres was drilled.",
      ),
    ).toEqual([]);
  });
});

describe('resources of fresh sets 15 and 16', () => {
  const lines = (text: string) =>
    extractFacts(text).resources.map((r) => [r.category, r.tonnes_mt, r.grade, r.element, r.contained]);

  it('takes a category told after the figures, and a grade told as "at a grade of"', () => {
    expect(
      lines('In the revised estimate, 8.2mt at 1.1% Li2O is classed as Indicated and 3.0mt at 0.9% Li2O as Inferred.'),
    ).toEqual([
      ['Indicated', 8.2, 1.1, 'Li2O', null],
      ['Inferred', 3, 0.9, 'Li2O', null],
    ]);
    expect(lines('The resource estimate gives 2.2 million tonnes at a grade of 9.1 grams gold per tonne.')).toEqual([
      ['Total', 2.2, 9.1, 'Au', null],
    ]);
  });

  it('leaves out only the figure a bracket recalls, not the estimate told before it', () => {
    expect(
      lines(
        '- Mineral Resource up 25% to 12.4Mt at 7.7% TGC for 0.95Mt of contained graphite (compared with the previous Mineral Resource of 9.9Mt at 7.5% TGC)',
      ),
    ).toEqual([['Total', 12.4, 7.7, 'TGC', null]]);
  });

  it('reads a headline’s line per category in contained metal, each metal its own line', () => {
    expect(
      lines(
        'Indicated (100% basis): 1.45 Million Oz Gold + 80,000 Tonnes Cu\nInferred (100% basis): 210,000 Oz Gold\nLead Zone - Inferred: 52,000 Tonnes Lead',
      ),
    ).toEqual([
      ['Indicated', null, null, 'Au', 1450000],
      ['Inferred', null, null, 'Au', 210000],
      ['Inferred', null, null, 'Pb', 52000],
    ]);
    expect(
      lines(
        'The new measured and indicated resource is 4.2 million oz, and the inferred resource comes to 1.1 million oz.',
      ),
    ).toEqual([
      ['Measured & Indicated', null, null, null, 4200000],
      ['Inferred', null, null, null, 1100000],
    ]);
  });

  it('reads "resources total" as a verb, and what a deposit currently holds as its standing estimate', () => {
    expect(lines('Inferred resources total 3 million tonnes grading 0.5 gram gold and 4.1 grams silver.')).toEqual([
      ['Inferred', 3, 0.5, 'Au', null],
    ]);
    expect(
      lines(
        "Kite's Find currently holds a 2023 mineral resource estimate of 12,500 ounces at 5.9 grams per tonne gold.",
      ),
    ).toEqual([]);
  });

  it('leaves out a project described by its standing resource', () => {
    expect(
      lines(
        'Red Hill is an epithermal gold project with an indicated resource of 3.1 million tonnes at 2.2 grams gold per tonne.',
      ),
    ).toEqual([]);
  });
});

describe('issuers of fresh sets 15 and 16', () => {
  const issuer = (text: string, title = '') =>
    extractFacts(text, { title }).issuers.map((fact) => [fact.name, fact.tickers]);

  it('reads a weekday before the name, AMEX, a listing after a defined term in single quotes, and several paper codes', () => {
    expect(
      issuer('Late on Monday Boreal Earth Metals (TSE:BEM) (AMEX: BEX) released assays from its drilling.'),
    ).toEqual([['Boreal Earth Metals', ['TSX:BEM', 'NYSE American:BEX']]]);
    expect(
      issuer("Kestrel Graphite Ltd ('Kestrel'; ASX:KGX) announces that drilling has intersected graphite."),
    ).toEqual([['Kestrel Graphite Ltd', ['ASX:KGX']]]);
    expect(issuer('SASKATOON — Polaris Uranium (PLU-V, PLURF-O) has hit a new zone.')).toEqual([
      ['Polaris Uranium', ['TSXV:PLU', 'OTC:PLURF']],
    ]);
    expect(issuer('TIDM: 4QT\n\nQuartztin PLC ("Quartztin" or "the Company") reports final assays.')).toEqual([
      ['Quartztin PLC', ['LSE:4QT']],
    ]);
  });

  it('takes a headline’s subject before a dash, the owner in a possessive, a one-word name in camel case', () => {
    expect(
      issuer(
        'Corryn Mining NL - Quarterly Report\n\nASX Code: CYM\n\nCorporate Update',
        'Corryn Mining NL - Quarterly Report',
      ),
    ).toEqual([['Corryn Mining NL', ['ASX:CYM']]]);
    expect(
      issuer(
        'PERTH – A feasibility study on the Lucky Break mine has found it could produce 50 000 oz.\n\nASX-listed Ferrox Resources said the study looked at an underground mine.',
        "Ferrox's Lucky Break to produce 50 000 oz",
      ),
    ).toEqual([['Ferrox Resources', []]]);
    expect(issuer('Miner BluMetal said it was talking to new directors.', 'BluMetal to appoint new directors')).toEqual(
      [['BluMetal', []]],
    );
    expect(
      issuer(
        'The Company has hired a contractor to drill 10 holes at Lone Ridge.',
        'Karst Gold commences drilling at Lone Ridge',
      ),
    ).toEqual([]);
  });

  it('takes the headline’s company over a buyer the story lists with its ticker', () => {
    expect(
      issuer(
        "An RC rig is now turning at Wallaby Metals' Emu Creek prospect.\n\nSince it sold its gold project to Great Southern Resources (ASX:GSR) last year, the company has been busy.",
        'Wallaby Metals starts drilling at Emu Creek',
      ),
    ).toEqual([['Wallaby Metals', []]]);
  });
});

describe('programmes of fresh sets 15 and 16', () => {
  const programmes = (text: string) => extractFacts(text).programmes.map((p) => [p.metres, p.rigs, p.status]);

  it('reads a programme told as hired and then as started as running', () => {
    expect(
      programmes(
        'The Company has hired a Yukon contractor to drill about 10 holes totalling roughly 1200m on the property.\n\n- A diamond drilling program of about 1200m has started.',
      ),
    ).toEqual([[1200, null, 'underway']]);
  });

  it('counts the fleet a programme is taken to, running, and drilling that carries on with its rigs', () => {
    expect(
      programmes(
        'The definition program is being accelerated: two more drill rigs will be deployed, taking the fleet at the zone to four.',
      ),
    ).toEqual([[null, 4, 'underway']]);
    expect(programmes('Drilling carries on with six rigs.')).toEqual([[null, 6, 'underway']]);
  });

  it('reads a campaign sized in metres as drilling, metres "to be drilled" as planned, and a hole collared as done', () => {
    expect(programmes('The 4000m campaign will open with a maiden hole on the northern concession.')).toEqual([
      [4000, null, 'planned'],
    ]);
    expect(programmes('Corvid plans a 6,000-metre winter program starting in January.')).toEqual([
      [6000, null, 'planned'],
    ]);
    expect(programmes('The company plans a 2,000-metre trenching program this summer.')).toEqual([]);
  });

  it('gives an unsized programme the timing the next lines tell of it, and reads "next week" as a timing', () => {
    const read = (text: string) =>
      extractFacts(text).programmes.map((p) => [p.holes, p.timing, p.status, p.drill_type]);
    expect(
      read(
        'Osprey plans a six-hole first-phase diamond drill programme at Liwa.\n\nDrilling is scheduled to start in early Q2 2027.',
      ),
    ).toEqual([[6, 'Q2 2027', 'planned', 'diamond']]);
    expect(read('- RC drilling expected to commence next week')).toEqual([[null, 'next week', 'planned', 'RC']]);
  });

  it('reads the depth a hole will reach, and drilling counted into an estimate, as no programme size', () => {
    const metres = (text: string) => extractFacts(text).programmes.map((p) => p.metres);
    expect(
      metres('"This part of the drilling will probably go down 400 metres, then we switch to diamond."'),
    ).not.toContain(400);
    expect(
      metres('The second diamond hole of the phase one drilling program was planned to reach 1,600 metres.'),
    ).not.toContain(1600);
    expect(
      metres('About 9,000m of drilling would be included in a mineral resource estimate update expected in March.'),
    ).toEqual([]);
  });
});

describe('financings of fresh sets 15 and 16', () => {
  const deals = (text: string, title = '') =>
    extractFacts(text, { title }).financings.map((f) => [f.amount, f.type, f.status]);

  it('reads a placement and share purchase plan told at the deal’s size as the deal, closed', () => {
    expect(
      deals(
        'Placement Raises $2.4M for Drilling\n\nQuoll Minerals has raised $2.4 million through an oversubscribed placement and share purchase plan, money that will pay for a 10-hole drilling campaign.',
        'Placement Raises $2.4M for Drilling',
      ),
    ).toEqual([[2400000, 'private-placement', 'closed']]);
    // A share purchase plan of its own size beside the placement is still no deal of its own.
    expect(
      deals(
        'Numbat Gold has raised $3 million in a placement.\n\nNumbat will also offer a $1 million share purchase plan alongside the placement.',
      ),
    ).toEqual([[3000000, 'private-placement', 'closed']]);
  });

  it('reads money put toward drilling as its use', () => {
    expect(
      extractFacts(
        'Wren Gold has closed its $12 million bought deal. The company intends to put the money toward underground drilling at the mine and general corporate purposes.',
      ).financings.map((f) => [f.amount, f.status, f.funds_drilling]),
    ).toEqual([[12000000, 'closed', true]]);
  });

  it('reads a raising launched on a date and closed since as closed', () => {
    expect(
      deals(
        'Heron Sands says its A$18m Equity Raising, launched on 4 March 2024 with a sole lead manager, has closed oversubscribed.',
      ),
    ).toEqual([[18000000, 'private-placement', 'closed']]);
  });

  it('reads a deal called off as no deal', () => {
    expect(
      deals(
        'Ibis Diamonds plans a C$1.5 million private placement. The company will also abandon the convertible loan financing of up to C$2 million announced in January.',
      ),
    ).toEqual([[1500000, 'private-placement', 'announced']]);
  });

  it('reads a trading halt until a raising is announced as no deal', () => {
    expect(
      deals('The halt is needed until the Company can announce a proposed capital raising and board changes.'),
    ).toEqual([]);
  });
});

describe('studies of fresh sets 8, 11 and 15', () => {
  const studies = (text: string) =>
    extractFacts(text).studies.map((s) => [s.stage, s.npv?.amount ?? null, s.irr_pct, s.capex?.amount ?? null]);

  it('reads a preliminary feasibility study as a PFS, and gives its figures past the next study the release plans', () => {
    expect(
      studies(
        [
          'A positive prefeasibility study on the Condor copper project shows sound economics.',
          '"We will advance the project with the completion of a bankable feasibility study next year," the CEO said.',
          'The study puts initial capital at US$410.5 million and gives an after-tax NPV of US$220 million using an 8% discount rate, and an after-tax IRR of 17.5%.',
        ].join('\n'),
      ),
    ).toEqual([['PFS', 220000000, 17.5, 410500000]]);
    expect(
      studies(
        'A preliminary feasibility study on the Tambo gold project gives an after-tax NPV of US$150 million and an IRR of 22%.',
      ),
    ).toEqual([['PFS', 150000000, 22, null]]);
  });

  it('gives figures told after an earlier study is recalled to the study the release reports', () => {
    expect(
      studies(
        [
          'Kestrel reports its prefeasibility study results for the Ridge project.',
          'The study refines the 2019 Preliminary Economic Assessment ("2019 PEA") and gives better economics:',
          '- After-tax NPV of $95 million at a 10% discount rate.',
          '- After-tax IRR of 24%.',
        ].join('\n'),
      ),
    ).toEqual([['PFS', 95000000, 24, null]]);
  });
});

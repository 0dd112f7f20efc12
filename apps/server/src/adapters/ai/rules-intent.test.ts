import { BUYING_INTENT_LEVELS } from '@mining-hub/contract/articles';
import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { describe, expect, it } from 'vitest';
import { loadDemoCorpus } from '../../demo/news/demo-corpus.ts';
import { extractFacts } from '../../modules/facts/facts-extractor.ts';
import { analyseWithRules } from './rules-analyser.ts';
import { monthsUntilStart, shortMoney } from './rules-intent.ts';
import { scoreIntents } from '../../../test/facts-scoring.ts';

function analyse(title: string, text: string, publishedAt = new Date('2026-11-20T09:00:00Z')) {
  return analyseWithRules(
    {
      systemPrompt: '',
      functionSchema: DEFAULT_FUNCTION_SCHEMA,
      article: { title, text, source: 'Demo Mining Wire', url: null, publishedAt },
    },
    extractFacts,
  );
}

/** How the 500 demo releases spread over the intent levels. */
function distribution(now: Date) {
  const counts = Object.fromEntries(BUYING_INTENT_LEVELS.map((level) => [level, 0])) as Record<string, number>;
  const reasonless: string[] = [];
  for (const article of loadDemoCorpus(now)) {
    const result = analyse(article.title, article.content, article.publishedAt);
    const level = String(result.buying_intent_score);
    counts[level] = (counts[level] ?? 0) + 1;
    const reasons = result.intent_reasons;
    if (!Array.isArray(reasons) || reasons.length === 0 || reasons.some((r) => typeof r !== 'string' || r.length > 80))
      reasonless.push(article.id);
  }
  return { counts, reasonless };
}

describe('buying intent from weighted evidence', () => {
  // Measured when written: Low 70, Medium 154, High 196, Very High 80 (before: 59, 109, 91 and 241, 48%); with
  // the facts rubric (issue 33): Low 62, Medium 94, High 248, Very High 96.
  it.each([new Date('2026-11-20T12:00:00Z'), new Date()])(
    'spreads the demo corpus over at least three levels, at most a quarter Very High (corpus of %s)',
    (now) => {
      const { counts, reasonless } = distribution(now);
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      expect(total).toBe(500);
      expect(Object.keys(counts)).toEqual([...BUYING_INTENT_LEVELS]);
      // Each level a real share, not one stray article.
      expect(Object.values(counts).filter((n) => n >= total * 0.1).length).toBeGreaterThanOrEqual(3);
      expect(counts['Very High']).toBeLessThanOrEqual(total / 4);
      expect(counts['Very High']).toBeGreaterThan(0);
      // Every score carries its reasons, each a short phrase.
      expect(reasonless).toEqual([]);
    },
  );

  it('names its evidence: the money closed, the metres and the start, the contractor, the people', () => {
    const result = analyse(
      'Kestrel Gold Closes C$5 Million Placement to Fund Drilling at Crow Lake',
      `TORONTO, Ontario, November 20, 2026 - Kestrel Gold Corp. (TSXV: KGC) has closed a C$5 million private placement. A 9,000-metre diamond drilling program will start in Q1 2027 at its Crow Lake Gold Project in Ontario, with two rigs contracted from Boreal Diamond Drilling Ltd.

For further information, please contact:
Jane Doe
President & CEO
Tel: +1 416 555 0100
Email: jane@kestrelgold.com`,
    );
    expect(result.buying_intent_score).toBe('Very High');
    expect(result.intent_reasons).toEqual([
      'C$5.0M placement closed, funds 9,000 m diamond drilling in Q1 2027',
      'contractor named: Boreal Diamond Drilling Ltd.',
      'contact named: Jane Doe, President & CEO',
    ]);
  });

  it('keeps announced money, distant drilling and corporate deals below the top', () => {
    const announced = analyse(
      'Kestrel Gold Announces C$3 Million Placement',
      'Kestrel Gold Corp. (TSXV: KGC) announces a non-brokered private placement of up to C$3 million. Drilling is planned in 2028.',
    );
    expect(announced.buying_intent_score).toBe('Medium');
    expect(announced.intent_reasons).toEqual(['drilling planned in 2028', 'C$3.0M placement announced']);

    const takeover = analyse(
      'Major Corp Makes Offer for Kestrel Gold',
      'Major Corp. (TSX: MAJ) announces a proposal to acquire all of the issued and outstanding shares of Kestrel Gold Corp.',
    );
    expect(takeover).toMatchObject({
      buying_intent_score: 'Low',
      intent_reasons: ['takeover bid: attention on the deal'],
    });
    expect(analyse('', '').intent_reasons).toEqual(['no drilling, funding or project milestone']);
  });

  it('reads when drilling starts from the timeline as worded', () => {
    const published = new Date('2026-11-20T00:00:00Z');
    expect(monthsUntilStart('starting in Q1 2027', published)).toBe(2);
    expect(monthsUntilStart('during the second half of 2027', published)).toBe(8);
    expect(monthsUntilStart('with crews to mobilise in December', published)).toBe(1);
    expect(monthsUntilStart('scheduled to start in March', published)).toBe(4);
    expect(monthsUntilStart('within 13 weeks', published)).toBeCloseTo(3, 0);
    expect(monthsUntilStart('expected to commence in early 2027', published)).toBe(3);
    expect(monthsUntilStart('through Q4 2026', published)).toBeNull();
    expect(monthsUntilStart('by the end of 2027', published)).toBeNull();
    expect(shortMoney('C$10.1 million')).toBe('C$10.1M');
    expect(shortMoney('US$1.2 billion')).toBe('US$1.2B');
  });

  it('follows the rubric on the labelled releases: Spearman at least 0.6, Very High between 5% and 20%', () => {
    const intents = scoreIntents((release) =>
      String(analyse(release.title, release.body, new Date('2026-11-28T00:00:00Z')).buying_intent_score),
    );
    expect(intents.spearman).toBeGreaterThanOrEqual(0.6);
    expect(intents.shares['Very High']).toBeGreaterThanOrEqual(0.05);
    expect(intents.shares['Very High']).toBeLessThanOrEqual(0.2);
  });

  it('scores each rubric rule from the facts and names them in the reasons', () => {
    const fs = analyse(
      'Aurum Ridge Completes Feasibility Study',
      'Aurum Ridge Gold Corp. (TSX: ARG) announces a feasibility study for its Ridge project: after-tax NPV (5%) of US$412 million, IRR of 28% and initial capital of US$250 million over a 12-year mine life.',
    );
    expect(fs.buying_intent_score).toBe('Very High');
    expect(fs.intent_reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^FS NPV US\$412\.0M IRR 28%/)]));

    const assays = analyse(
      'Aurum Ridge Intersects 12.5 m @ 3.2 g/t Au',
      'Aurum Ridge Gold Corp. (TSX: ARG) reports hole AR-24-001 intersected 12.5 m @ 3.2 g/t Au from 44 m.',
    );
    expect(assays).toMatchObject({ buying_intent_score: 'Medium' });
    expect(assays.intent_reasons).toEqual(['assays 12.5 m @ 3.2 g/t Au (AR-24-001), no next programme']);

    const housekeeping = analyse(
      'Aurum Ridge Announces Grant of Stock Options',
      'Aurum Ridge Gold Corp. (TSX: ARG) announces the grant of 1,500,000 incentive stock options to directors and officers.',
    );
    expect(housekeeping).toMatchObject({
      buying_intent_score: 'Low',
      intent_reasons: ['corporate housekeeping, no project facts'],
    });
  });

  it('reads a mine whose development has started as Very High, as a construction decision', () => {
    const started: [string, string][] = [
      [
        'KEFI Gold and Copper Formally Launches Tulu Kapi Gold Project',
        'KEFI (AIM: KEFI) announces that the Board of TKGM has formally launched the Tulu Kapi Gold Project.',
      ],
      [
        'Pan African Resources Closes Funding for the Mogale Tailings Retreatment Project and Breaks Ground',
        'Pan African Resources PLC announces that the full upfront capital for the project has been secured.',
      ],
      [
        'Régua Commencement and Updated JORC Resource Estimate',
        'W Resources Plc (AIM: WRES) announces that operations have started at its Régua tungsten mine in Portugal.',
      ],
    ];
    for (const [title, lead] of started) {
      const scored = analyse(title, lead);
      expect(scored.buying_intent_score, title).toBe('Very High');
      expect(scored.intent_reasons, title).toContain('mine development started');
      expect(scored.signal_summary, title).toMatch(/Mine development has started/);
    }
    expect(
      analyse('Aurum Ridge Launches Drilling Program at Ridge Project', 'Drilling will start in May.').intent_reasons,
    ).not.toContain('mine development started');
  });

  it('reads money to build a mine, in any form, as Very High', () => {
    const scored = analyse(
      'Sabina Gold & Silver Announces Comprehensive US$520 Million Financing Package to Build the Goose Mine',
      'Sabina Gold & Silver Corp. (TSX: SBB) announces a construction financing package made up of:\n\n- a senior secured debt facility of US$225 million;\n- a gold stream arrangement of US$125 million.',
    );
    expect(scored.buying_intent_score).toBe('Very High');
    expect(scored.intent_reasons).toContain('US$225.0M debt announced, funds mine construction');
    // Equity raised to advance a mine's construction is money to build it too.
    expect(
      analyse(
        'Theta Gold Mines raises US$7.9 million to advance TGME construction',
        'Theta Gold Mines has raised US$7.9 million through a placement to professional investors.',
      ).buying_intent_score,
    ).toBe('Very High');
    // Debt for working capital stays where debt belongs.
    expect(
      analyse(
        'Miner Arranges US$30 Million Credit Facility',
        'Miner Corp. (TSX: MIN) arranges a US$30 million credit facility for working capital.',
      ).buying_intent_score,
    ).not.toBe('Very High');
    // A project finance facility is money to build the mine, and a first gold pour a mine in operation.
    expect(
      analyse(
        'Kite Gold Executes Definitive Documents for C$240 Million Project Loan Facility for Redwing',
        'Kite Gold Corp. (TSX: KTE) has signed the definitive documents for a C$240 million project loan facility.',
      ).buying_intent_score,
    ).toBe('Very High');
    expect(
      analyse(
        'Harrier Mining Pours First Gold at Eastfield Mine',
        'Harrier Mining Ltd. (TSX: HRM) poured its first gold at the Eastfield mine on Tuesday.',
      ).buying_intent_score,
    ).toBe('Very High');
  });

  it('reads assays with follow-up drilling planned, even unsized, as High', () => {
    const scored = analyse(
      'Group Eleven drills 4.3% Zn+Pb over 30.4 metres at Ballywire',
      'Group Eleven Resources Corp. (TSXV: ZNG) reports that G11-468-13 intersected 30.4 m of 4.3% Zn+Pb.\n\nFollow-up drilling along strike and down dip of the new step-outs is being planned, and the outstanding assays will be released once received.',
    );
    expect(scored.buying_intent_score).toBe('High');
    expect(scored.intent_reasons).toContain('assays 30.4 m @ 4.3 % Zn+Pb (G11-468-13), next programme planned');
  });

  it('reads a sized programme a headline says is finished as Medium, and a placement that will fund exploration as High', () => {
    const finished = analyse(
      'Tarn Zinc Concludes 4,000-meter Drill Program',
      'Tarn Zinc Corp. (TSXV: TZC) announced that it has finished a 4,000-meter drill program at its Akali property.',
    );
    expect([finished.buying_intent_score, finished.intent_reasons]).toEqual(['Medium', ['4,000 m drilling completed']]);
    const placement = analyse(
      'Aspen Exploration Announces Closing of Private Placement for Gross Proceeds of $3.2 Million',
      'Aspen Exploration Inc. (TSXV: ASP) has closed its private placement for aggregate gross proceeds of $3,200,000.\n\nThe Company intends to use the net proceeds of the Offering for exploration expenditures at the Rim Project and for general corporate purposes.',
    );
    expect(placement.buying_intent_score).toBe('High');
  });

  it('reads ten million or more raised without a stated use as High, a smaller raise as Medium', () => {
    const large = analyse(
      'Kestrel Silver completes $24 million bought deal private placement',
      'Kestrel Silver Corp. (TSXV: KSC) has closed its bought deal private placement for gross proceeds of $24,000,000.',
    );
    expect([large.buying_intent_score, large.intent_reasons]).toEqual(['High', ['C$24.0M bought deal closed']]);
    const small = analyse(
      'Kestrel Silver closes $2.4 million private placement',
      'Kestrel Silver Corp. (TSXV: KSC) has closed its private placement for gross proceeds of $2,400,000.',
    );
    expect(small.buying_intent_score).toBe('Medium');
  });
});

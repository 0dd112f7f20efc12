import { DEFAULT_FUNCTION_SCHEMA, type FunctionSchema } from '@mining-hub/contract/prompts';
import { describe, expect, it } from 'vitest';
import { loadDemoCorpus, type DemoArticle } from '../../demo/news/demo-corpus.ts';
import { AnalysisError, schemaViolation, type AnalysisRequest } from './ai-analyser.ts';
import { extractFacts } from '../../modules/facts/facts-extractor.ts';
import { analyseWithRules, createRulesAnalyser } from './rules-analyser.ts';

interface Contact {
  first_name: string;
  last_name: string;
  email?: string;
  job_title?: string;
  phone_number?: string;
}

const corpus = loadDemoCorpus(new Date('2026-03-15T12:00:00Z'));

function requestFor(
  article: Pick<DemoArticle, 'title' | 'content'>,
  functionSchema: FunctionSchema = DEFAULT_FUNCTION_SCHEMA,
): AnalysisRequest {
  return {
    systemPrompt: 'You are a sales analyst.',
    functionSchema,
    article: {
      title: article.title,
      text: article.content,
      source: 'Demo Mining Wire',
      url: '/demo-news/articles/x',
      publishedAt: new Date('2026-03-15T09:00:00Z'),
    },
  };
}

const analysed = corpus.map((article) => ({ article, result: analyseWithRules(requestFor(article), extractFacts) }));

/** Prints what the analyser got wrong, so a failing run says which articles to read. */
function report(label: string, misses: string[], total: number): number {
  if (misses.length > 0) console.log(`${label}: ${misses.length} of ${total} missed\n  ${misses.join('\n  ')}`);
  return total === 0 ? 1 : (total - misses.length) / total;
}

describe('rules analyser on the demo corpus', () => {
  it('answers every article with output valid against the default schema', () => {
    const invalid = analysed
      .map(({ article, result }) => ({ id: article.id, violation: schemaViolation(DEFAULT_FUNCTION_SCHEMA, result) }))
      .filter((entry) => entry.violation !== null);
    expect(invalid).toEqual([]);
  });

  it('finds planned drilling and its metres', () => {
    const planned = analysed.filter(({ article }) => article.facts.drillingPlanned);
    const withMetres = planned.filter(({ article }) => article.facts.drillingMeters !== undefined);
    expect(planned.length).toBeGreaterThan(50);

    const yesMisses = planned
      .filter(({ result }) => result.drilling_planned !== 'Yes')
      .map(({ article }) => `${article.id} ${article.title}`);
    const metreMisses = withMetres
      .filter(({ article, result }) => Number(result.drilling_length_meters) !== article.facts.drillingMeters)
      .map(
        ({ article, result }) =>
          `${article.id} wanted ${article.facts.drillingMeters}, got '${String(result.drilling_length_meters)}'`,
      );

    // Every article the corpus marks as planned drilling is found, with its exact metres.
    expect(report('drilling planned', yesMisses, planned.length)).toBe(1);
    expect(report('drilling metres', metreMisses, withMetres.length)).toBe(1);
  });

  it('answers No for articles without planned drilling', () => {
    const none = analysed.filter(({ article }) => !article.facts.drillingPlanned);
    const misses = none
      .filter(({ result }) => result.drilling_planned !== 'No')
      .map(({ article, result }) => `${article.id} ${article.type}: ${String(result.drilling_details)}`);
    expect(report('no drilling', misses, none.length)).toBeGreaterThanOrEqual(0.95);
    for (const { result } of none) if (result.drilling_planned === 'No') expect(result.drilling_length_meters).toBe('');
  });

  it('gives the drilling timeline as the article words it', () => {
    const timed = analysed.filter(({ article }) => article.facts.drillingTimeline);
    const misses = timed
      .filter(
        ({ article, result }) =>
          !String(result.drilling_timeline)
            .toLowerCase()
            .includes(String(article.facts.drillingTimeline).toLowerCase()),
      )
      .map(
        ({ article, result }) =>
          `${article.id} wanted '${article.facts.drillingTimeline}', got '${String(result.drilling_timeline)}'`,
      );
    expect(report('drilling timeline', misses, timed.length)).toBeGreaterThanOrEqual(0.95);
  });

  it('finds the people of the contact block with their emails, titles and phones', () => {
    const withBlock = analysed.filter(({ article }) => article.contacts.length > 0);
    expect(withBlock.length).toBeGreaterThan(50);
    const misses: string[] = [];
    for (const { article, result } of withBlock) {
      const found = result.contact_details as Contact[];
      for (const person of article.contacts) {
        const match = found.find((c) => c.first_name === person.first_name && c.last_name === person.last_name);
        if (!match || match.email !== person.email)
          misses.push(`${article.id}: ${person.first_name} ${person.last_name} <${person.email}>`);
        else if (match.job_title !== person.job_title || match.phone_number !== person.phone_number) {
          misses.push(
            `${article.id}: ${person.first_name} ${person.last_name} title '${match.job_title}' phone '${match.phone_number}'`,
          );
        }
      }
    }
    expect(report('contacts', misses, withBlock.length)).toBe(1);
  });

  it('writes useful prose: summaries from the lead, 3-5 talking points, an email to the first contact', () => {
    for (const { article, result } of analysed) {
      const summary = String(result.signal_summary);
      expect(summary.length).toBeGreaterThan(40);
      expect(summary).not.toMatch(/<[a-z]|\(TSXV?:|Demo Mining Wire\/|--\(/);
      expect(String(result.expanded_summary).split(/(?<=[.!?”])\s+(?=[A-Z“])/).length).toBeLessThanOrEqual(4);
      expect((result.talking_points as string[]).length).toBeGreaterThanOrEqual(3);
      expect((result.talking_points as string[]).length).toBeLessThanOrEqual(5);
      const first = article.contacts[0];
      if (first) expect(String(result.email_body)).toMatch(new RegExp(`^Dear ${first.first_name},`));
      expect(String(result.email_subject).length).toBeGreaterThan(10);
    }
  });

  it('scores intent from the signals: funded drilling high, no drilling signal low', () => {
    const intents = (filter: (a: DemoArticle) => boolean) =>
      analysed.filter(({ article }) => filter(article)).map(({ result }) => result.buying_intent_score);
    const drillProgram = intents((a) => a.type === 'drill-program');
    expect(drillProgram.length).toBeGreaterThan(0);
    expect(drillProgram.every((score) => score === 'Very High' || score === 'High')).toBe(true);
    const management = intents((a) => a.type === 'management-change');
    expect(management.every((score) => score === 'Low')).toBe(true);
    const resultsOnly = intents((a) => a.type === 'drill-results' && !a.facts.drillingPlanned);
    expect(resultsOnly.every((score) => score === 'Medium' || score === 'Low')).toBe(true);
  });

  it('lists financings and deals as further signals', () => {
    const placement = analysed.find(({ article }) => article.type === 'private-placement');
    expect((placement?.result.additional_sales_signals as string[]).some((s) => /^Financing: .*\d/.test(s))).toBe(true);
    const acquisition = analysed.find(({ article }) => article.type === 'acquisition');
    expect((acquisition?.result.additional_sales_signals as string[]).some((s) => s.startsWith('Acquisition:'))).toBe(
      true,
    );
    const resource = analysed.find(({ article }) => article.type === 'resource-update');
    expect(
      (resource?.result.additional_sales_signals as string[]).some((s) => s.startsWith('Resource estimate:')),
    ).toBe(true);
  });
});

describe('rules analyser on hand-written releases', () => {
  const analyse = (title: string, content: string) => analyseWithRules(requestFor({ title, content }), extractFacts);

  it('reads a plain-text release with a wire dateline, spaced thousands and a one-line contact', () => {
    const result = analyse(
      'Northfork Metals Outlines 2026 Plans at Copper Ridge',
      `VANCOUVER, BC / ACCESSWIRE / January 12, 2026 / Northfork Metals Inc. (TSXV:NFM)(OTCQB:NFMTF) ("Northfork" or the "Company") is pleased to outline its 2026 exploration plans for the Copper Ridge Project in central British Columbia.

Phase 2 drilling of approximately 15 000 metres is expected to commence in early 2026. Two diamond drill rigs from Boreal Diamond Drilling Ltd. will be mobilised to site.

The Company recently closed a $4.5 million flow-through financing.

Contact:
John Smith, CEO, Tel: 604-555-1234, Email: jsmith@northfork.com`,
    );
    expect(result.signal_summary).toMatch(/^Northfork Metals Inc\. outlines its 2026 exploration plans/);
    expect(result).toMatchObject({
      drilling_planned: 'Yes',
      drilling_length_meters: '15000',
      drilling_timeline: 'expected to commence in early 2026',
      buying_intent_score: 'Very High',
      contact_details: [
        {
          first_name: 'John',
          last_name: 'Smith',
          job_title: 'CEO',
          email: 'jsmith@northfork.com',
          phone_number: '604-555-1234',
        },
      ],
    });
    expect(result.drilling_details).toContain('Boreal Diamond Drilling Ltd.');
    expect(result.additional_sales_signals).toContain('Financing: flow-through financing of $4.5 million');
  });

  it('names a financing by the instrument raised, not by the debt it repays', () => {
    const signals = (text: string) => analyse('Financing', text).additional_sales_signals as string[];
    expect(
      signals(
        'Leonora Gold Ltd (ASX: LGL) raised A$30 million in a share placement; proceeds will repay the Macquarie debt facility.',
      ),
    ).toContain('Financing: share placement of A$30 million');
    expect(
      signals('Zambezi Copper plc issued US$40 million of convertible notes to restart its concentrator.'),
    ).toContain('Debt financing: convertible notes of US$40 million');
    expect(signals('Sadiola Gold SA entered a US$150 million gold streaming agreement to fund expansion.')).toContain(
      'Royalty or stream: gold streaming of US$150 million',
    );
  });

  it('does not mistake results and forward-looking boilerplate for planned drilling', () => {
    const result = analyse(
      'Ridgeback Gold Intersects 12.0 m of 4.1 g/t Au at Main Zone',
      `<p>TORONTO, ON, March 2, 2026 /CNW/ - Ridgeback Gold Corp. (TSX: RBG) reports results from 10 holes drilled in 2025 at its Main Zone. Highlights include 12.0 m grading 4.1 g/t Au from 54 m.</p>
<p>The program totalled 3,200 metres. Assays for two holes remain pending and will be released when received.</p>
<p>This news release includes forward-looking statements regarding planned drilling and the timing of future drill programs.</p>
<p>For more information please contact: Jane Doe, President and CEO, Tel: +1 416 555 0000, Email: <a href="mailto:jane@ridgeback.com">jane@ridgeback.com</a></p>`,
    );
    expect(result).toMatchObject({
      drilling_planned: 'No',
      drilling_length_meters: '',
      drilling_timeline: '',
      buying_intent_score: 'Medium',
    });
    expect(result.contact_details).toEqual([
      {
        first_name: 'Jane',
        last_name: 'Doe',
        email: 'jane@ridgeback.com',
        job_title: 'President and CEO',
        phone_number: '+1 416 555 0000',
      },
    ]);
  });

  it('takes the program size from a range and multi-word surnames from the block', () => {
    const result = analyse(
      'Pilbara Spodumene to Start Drilling at Pinnacle',
      `Pilbara Spodumene Ltd (ASX: PSL) advises that a 10,000 to 12,500m RC program will start in Q3 CY2026 at its Pinnacle Lithium Project. The program is fully funded.

For further information:
Ama Van der Merwe
Managing Director
T: +61 8 9000 0000
E: ama@psl.com.au`,
    );
    expect(result).toMatchObject({
      drilling_planned: 'Yes',
      drilling_length_meters: '12500',
      drilling_timeline: 'in Q3 CY2026',
    });
    expect(result.contact_details).toEqual([
      {
        first_name: 'Ama',
        last_name: 'Van der Merwe',
        email: 'ama@psl.com.au',
        job_title: 'Managing Director',
        phone_number: '+61 8 9000 0000',
      },
    ]);
  });

  it('answers an empty article without failing', () => {
    const result = analyse('', '');
    expect(schemaViolation(DEFAULT_FUNCTION_SCHEMA, result)).toBeNull();
    expect(result.drilling_planned).toBe('No');
    expect(result.buying_intent_score).toBe('Low');
  });
});

describe('rules analyser on other schemas', () => {
  const article = corpus.find(
    (a) => a.type === 'drill-program' && a.contacts.length > 0 && a.facts.drillingMeters !== undefined,
  );

  it('fills a custom schema by type and field name: enum, number, integer, boolean, nested object, array of objects', () => {
    if (!article) throw new Error('the corpus has no drill program with contacts');
    const schema: FunctionSchema = {
      name: 'custom_signal',
      description: 'A custom prompt schema.',
      parameters: {
        type: 'object',
        properties: {
          summary: { type: 'string', description: 'One sentence.' },
          company_name: { type: 'string' },
          commodity: { type: 'string' },
          country: { type: 'string' },
          priority: { type: 'string', enum: ['Cold', 'Warm', 'Hot'] },
          opportunity_rating: { type: 'string', enum: ['Low', 'Medium', 'High'] },
          stage: { type: 'string', enum: ['Exploration', 'Development', 'Production'] },
          planned_metres: { type: 'number' },
          hole_count: { type: 'integer', minimum: 1 },
          confidence: { type: 'number', minimum: 0, maximum: 1 },
          drilling_planned: { type: 'boolean' },
          has_financing: { type: 'boolean' },
          project: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              location: { type: 'string' },
              details: { type: 'object', properties: { commodities: { type: 'array', items: { type: 'string' } } } },
            },
            required: ['name', 'location', 'details'],
            additionalProperties: false,
          },
          key_people: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                full_name: { type: 'string' },
                role: { type: 'string' },
                email: { type: 'string' },
                seniority: { type: 'integer' },
              },
              required: ['full_name', 'role', 'seniority'],
            },
          },
          tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
        },
        required: [
          'summary',
          'company_name',
          'priority',
          'planned_metres',
          'hole_count',
          'drilling_planned',
          'project',
          'key_people',
          'tags',
        ],
      },
    };
    const result = analyseWithRules(requestFor(article, schema));

    expect(schemaViolation(schema, result)).toBeNull();
    expect(String(result.summary).length).toBeGreaterThan(40);
    expect(result.company_name).toBe(article.company.name);
    expect(result.commodity).toMatch(/\w/);
    expect(['Cold', 'Warm', 'Hot']).toContain(result.priority);
    expect(['Medium', 'High']).toContain(result.opportunity_rating);
    expect(result.planned_metres).toBe(article.facts.drillingMeters);
    expect(Number.isInteger(result.hole_count) && Number(result.hole_count) >= 1).toBe(true);
    expect(result.drilling_planned).toBe(true);
    expect(result.project).toMatchObject({ name: expect.stringMatching(new RegExp(article.project ?? 'Project')) });
    const people = result.key_people as { full_name: string; email: string }[];
    const first = article.contacts[0];
    expect(people[0]).toMatchObject({ full_name: `${first?.first_name} ${first?.last_name}`, email: first?.email });
    expect((result.tags as string[]).length).toBeGreaterThanOrEqual(2);
  });

  it('handles $ref, nullable and anyOf types, formats, string and number limits, const and allOf', () => {
    const schema: FunctionSchema = {
      name: 'exotic',
      description: '',
      parameters: {
        type: 'object',
        properties: {
          kind: { const: 'mining-news' },
          headline: { type: 'string', maxLength: 20 },
          code: { type: 'string', minLength: 5 },
          published: { type: 'string', format: 'date' },
          link: { type: 'string', format: 'uri' },
          owner: { $ref: '#/$defs/person' },
          optional_note: { type: ['string', 'null'] },
          either: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 3, multipleOf: 3 }] },
          merged: {
            allOf: [
              { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
              { properties: { b: { type: 'boolean' } }, required: ['b'] },
            ],
          },
          scores: { type: 'array', items: { type: 'number', exclusiveMinimum: 0 }, minItems: 1, maxItems: 2 },
          unique: { type: 'array', items: { type: 'string' }, minItems: 3, uniqueItems: true },
        },
        required: [
          'kind',
          'headline',
          'code',
          'published',
          'link',
          'owner',
          'optional_note',
          'either',
          'merged',
          'scores',
          'unique',
        ],
        additionalProperties: false,
        $defs: {
          person: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      },
    };
    const result = analyseWithRules(requestFor(corpus[0] ?? { title: 't', content: 'c' }, schema));
    expect(schemaViolation(schema, result)).toBeNull();
    expect(result.kind).toBe('mining-news');
    expect(result.published).toBe('2026-03-15');
  });

  it('fails with a permanent AnalysisError when a schema cannot be filled', async () => {
    const schema: FunctionSchema = {
      name: 'zip',
      description: '',
      parameters: { type: 'object', properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' } }, required: ['zip'] },
    };
    const error = await createRulesAnalyser()
      .analyse(requestFor({ title: 'x', content: 'y' }, schema))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisError);
    expect((error as AnalysisError).retryable).toBe(false);
    expect((error as AnalysisError).message).toContain("field 'zip'");
  });
});

import { rubricIntentSchema } from '@mining-hub/contract/articles';
import { DEFAULT_FUNCTION_SCHEMA, type FunctionSchema } from '@mining-hub/contract/prompts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../test/fake-openai-server.ts';
import { AnalysisError, askingForIntentReasons, schemaViolation, type AnalysisRequest } from './ai-analyser.ts';
import { extractFacts } from '../../modules/facts/facts-extractor.ts';
import { analyseWithRules } from './rules-analyser.ts';
import {
  articleMessage,
  createOpenAiAnalyser,
  isStrictCompatible,
  strictModeProblem,
  type OpenAiAnalyserOptions,
} from './openai-analyser.ts';

const API_KEY = 'sk-test-key';

const STRICT_SCHEMA: FunctionSchema = {
  name: 'classify_news',
  description: 'Classify a mining news article.',
  parameters: {
    type: 'object',
    properties: {
      summary: { type: 'string', description: 'One sentence.' },
      drilling: { type: 'boolean' },
      intent: { type: 'string', enum: ['Low', 'Medium', 'High'] },
      metres: { type: ['number', 'null'] },
      company: {
        type: 'object',
        properties: { name: { type: 'string' }, ticker: { type: 'string' } },
        required: ['name', 'ticker'],
        additionalProperties: false,
      },
    },
    required: ['summary', 'drilling', 'intent', 'metres', 'company'],
    additionalProperties: false,
  },
};

const ARTICLE_TEXT = `<p>VANCOUVER, British Columbia, March 3, 2026 /Demo Mining Wire/ - Lenga Silver Corp. (TSXV: LGS) is pleased to announce a 12,000-metre diamond drilling program at its La Maciega Silver-Gold Project in Santa Cruz Province, Argentina, starting in Q2 2026.</p>
<p>The program is fully funded.</p>
<p>For further information, please contact:</p>
<p>Brendan Mahlangu<br>CEO &amp; Director<br>Tel: +1 (604) 555-0164<br>Email: brendan.mahlangu@lengasilver.com</p>`;

function request(functionSchema: FunctionSchema = DEFAULT_FUNCTION_SCHEMA, text = ARTICLE_TEXT): AnalysisRequest {
  return {
    systemPrompt: 'You are a sales analyst.',
    functionSchema,
    article: {
      title: 'Lenga Silver Announces 12,000-Metre Drill Program at La Maciega',
      text,
      source: 'Demo Mining Wire',
      url: 'https://example.com/lenga',
      publishedAt: new Date('2026-03-03T12:00:00Z'),
    },
  };
}

/** A valid answer to the default schema, as the offline analyser writes it for the test article. */
function fakeAnswer(): Record<string, unknown> {
  return analyseWithRules(request(), extractFacts);
}

async function failure(promise: Promise<unknown>): Promise<AnalysisError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AnalysisError) return error;
    throw error;
  }
  throw new Error('expected the analysis to fail');
}

describe('openai analyser against a fake OpenAI server', () => {
  let fake: FakeOpenAiServer;
  const analyser = (options: Partial<OpenAiAnalyserOptions> = {}) =>
    createOpenAiAnalyser({
      apiKey: API_KEY,
      baseUrl: fake.url,
      timeoutMs: 2_000,
      maxRetries: 2,
      readFacts: extractFacts,
      ...options,
    });

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.expectTool({ ...askingForIntentReasons(DEFAULT_FUNCTION_SCHEMA).schema, strict: false });
  });

  it('sends the prompt as a forced function tool and returns the validated arguments', async () => {
    const result = await analyser().analyse(request());

    expect(schemaViolation(DEFAULT_FUNCTION_SCHEMA, result)).toBeNull();
    expect(result.drilling_planned).toBe('Yes');
    expect(result.drilling_length_meters).toBe('12000');
    const [sent] = fake.requests;
    expect(sent?.status).toBe(200);
    expect(sent?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent?.body.model).toBe('gpt-4o-mini');
    expect(sent?.body.tool_choice).toEqual({ type: 'function', function: { name: 'analyse_mining_news_signal' } });
    expect(sent?.body.messages?.[0]).toEqual({ role: 'system', content: 'You are a sales analyst.' });
    const user = String(sent?.body.messages?.[1]?.content);
    expect(user).toContain('Title: Lenga Silver Announces 12,000-Metre Drill Program at La Maciega');
    expect(user).toContain('Published: 2026-03-03');
    expect(user).toContain('Brendan Mahlangu\nCEO & Director');
    expect(user).not.toContain('<p>');
  });

  it('sends the facts read offline as context and keeps the rubric intent beside the AI intent, flagging a disagreement', async () => {
    const text = `<p>TORONTO, Ontario, March 3, 2026 - Kestrel Gold Corp. (TSXV: KGC) has closed its C$4.0 million flow-through private placement. The proceeds will fund a 5,000 m diamond drilling program at its Crow Lake Gold Project starting in April 2026.</p>`;
    const aiSaysLow = { ...fakeAnswer(), buying_intent_score: 'Low', intent_reasons: ['no drilling news'] };
    fake.queue({ kind: 'arguments', raw: JSON.stringify(aiSaysLow) });
    const result = await analyser().analyse(request(DEFAULT_FUNCTION_SCHEMA, text));

    const user = String(fake.requests[0]?.body.messages?.[1]?.content);
    expect(user).toContain('Facts read from the text by an offline extractor');
    expect(user).toContain('- Financing: C$4.0M flow-through closed, funds drilling');
    expect(user).toContain('- Programme (planned): 5,000 m diamond drilling in April 2026');
    // The AI's score stays; the rubric's is stored beside it, with the disagreement flagged.
    expect(result.buying_intent_score).toBe('Low');
    expect(result.rubric_intent).toEqual({
      level: 'Very High',
      reasons: ['C$4.0M flow-through closed, funds 5,000 m diamond drilling in April 2026'],
      disagrees: true,
    });
    expect(rubricIntentSchema.safeParse(result.rubric_intent).success).toBe(true);

    const agreeing = await analyser().analyse(request(DEFAULT_FUNCTION_SCHEMA, text));
    expect(agreeing.rubric_intent).toMatchObject({ level: 'Very High' });
    expect((agreeing.rubric_intent as { disagrees: boolean }).disagrees).toBe(
      agreeing.buying_intent_score !== 'Very High',
    );
  });

  it('sends strict: true when the schema allows it, with parallel tool calls off', async () => {
    fake.expectTool({ ...STRICT_SCHEMA, strict: true });
    const result = await analyser({ model: 'gpt-4.1-mini' }).analyse(request(STRICT_SCHEMA));

    expect(schemaViolation(STRICT_SCHEMA, result)).toBeNull();
    expect(result.drilling).toBe(true);
    expect(fake.requests[0]?.body.parallel_tool_calls).toBe(false);
    expect(fake.requests[0]?.body.model).toBe('gpt-4.1-mini');
  });

  it('fails without retrying when the service refuses the tool', async () => {
    fake.expectTool({ ...askingForIntentReasons(DEFAULT_FUNCTION_SCHEMA).schema, strict: true });
    const error = await failure(analyser().analyse(request()));

    expect(error.retryable).toBe(false);
    expect(error.status).toBe(400);
    expect(error.message).toContain('strict');
    expect(fake.requests).toHaveLength(1);
  });

  it('waits as retry-after (seconds) says after a 429, then succeeds', async () => {
    fake.queue({ kind: 'status', status: 429, retryAfterSeconds: 1 });
    const started = Date.now();
    const result = await analyser().analyse(request());

    expect(result.drilling_planned).toBe('Yes');
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
    // The SDK's own first backoff is at most 500 ms; a full second means it honoured the header.
    expect((fake.requests[1]?.at ?? 0) - started).toBeGreaterThanOrEqual(950);
  });

  it('waits as retry-after-ms says after a 429, then succeeds', async () => {
    fake.queue({ kind: 'status', status: 429, retryAfterMs: 700, retryAfterSeconds: 30 });
    const started = Date.now();
    await analyser().analyse(request());

    const waited = (fake.requests[1]?.at ?? 0) - started;
    expect(waited).toBeGreaterThanOrEqual(650);
    expect(waited).toBeLessThan(5_000);
  });

  it('leaves a wait longer than the SDK honours (a minute) to its caller instead of retrying early', async () => {
    fake.queue({ kind: 'status', status: 429, retryAfterSeconds: 120 });
    const error = await failure(analyser().analyse(request()));

    expect(error.retryable).toBe(true);
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(120_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a persistent 429 with a retryable error that carries Retry-After', async () => {
    fake.queue(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429, retryAfterMs: 50 })));
    const error = await failure(analyser().analyse(request()));

    expect(error.retryable).toBe(true);
    expect(error.status).toBe(429);
    expect(error.retryAfterMs).toBe(50);
    expect(error.message).toMatch(/rate limiting/);
    expect(fake.requests).toHaveLength(3);
  });

  it('treats an exhausted quota (429 insufficient_quota) as permanent', async () => {
    fake.queue({
      kind: 'status',
      status: 429,
      code: 'insufficient_quota',
      message: 'You exceeded your current quota.',
    });
    const error = await failure(analyser({ maxRetries: 0 }).analyse(request()));

    expect(error.retryable).toBe(false);
    expect(error.message).toContain('quota');
  });

  it('retries a 500 and succeeds', async () => {
    fake.queue({ kind: 'status', status: 500, retryAfterMs: 10 });
    const result = await analyser().analyse(request());

    expect(result.drilling_planned).toBe('Yes');
    expect(fake.requests.map((r) => r.status)).toEqual([500, 200]);
  });

  it('reports a persistent 5xx as retryable', async () => {
    fake.queue({ kind: 'status', status: 503, retryAfterMs: 10 }, { kind: 'status', status: 503, retryAfterMs: 10 });
    const error = await failure(analyser({ maxRetries: 1 }).analyse(request()));

    expect(error.retryable).toBe(true);
    expect(error.status).toBe(503);
  });

  it('times out a slow answer, retries, and reports the timeout as retryable', async () => {
    fake.queue({ kind: 'slow', delayMs: 3_000 }, { kind: 'slow', delayMs: 3_000 });
    const started = Date.now();
    const error = await failure(analyser({ timeoutMs: 300, maxRetries: 1 }).analyse(request()));

    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/did not answer within 0\.3 s/);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('succeeds when only the first answer is too slow', async () => {
    fake.queue({ kind: 'slow', delayMs: 3_000 });
    const result = await analyser({ timeoutMs: 300, maxRetries: 1 }).analyse(request());

    expect(result.drilling_planned).toBe('Yes');
  });

  it('rejects malformed JSON arguments without retrying', async () => {
    fake.queue({ kind: 'arguments', raw: '{"signal_summary": "cut off' });
    const error = await failure(analyser().analyse(request()));

    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/not valid JSON/);
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects arguments that break the schema and names the field', async () => {
    const valid = await analyser().analyse(request());
    fake.queue({ kind: 'arguments', raw: JSON.stringify({ ...valid, drilling_planned: 'Maybe' }) });
    const wrongEnum = await failure(analyser().analyse(request()));
    expect(wrongEnum.retryable).toBe(false);
    expect(wrongEnum.message).toContain('field \'drilling_planned\' must be one of "Yes", "No"');

    const { email_body: _missing, ...withoutBody } = valid;
    fake.queue({ kind: 'arguments', raw: JSON.stringify(withoutBody) });
    expect((await failure(analyser().analyse(request()))).message).toContain("field 'email_body' is missing");

    fake.queue({
      kind: 'arguments',
      raw: JSON.stringify({ ...valid, contact_details: [{ first_name: 'Ann', last_name: 7 }] }),
    });
    expect((await failure(analyser().analyse(request()))).message).toContain(
      "field 'contact_details[0].last_name' must be string",
    );
  });

  it("asks for the intent's reasons beside the prompt's fields and keeps them; none answered are none", async () => {
    const sent = fake.requests;
    const result = await analyser().analyse(request());
    const parameters = sent[0]?.body.tools?.[0]?.function?.parameters as { properties: object; required: string[] };
    expect(Object.keys(parameters.properties)).toContain('intent_reasons');
    // The prompt's schema is not closed: the reasons are optional, and SPEC.md's required list is unchanged.
    expect(parameters.required).toEqual((DEFAULT_FUNCTION_SCHEMA.parameters as { required: string[] }).required);
    expect(result.intent_reasons).toEqual(
      expect.arrayContaining([expect.stringMatching(/12,000 m (?:diamond )?drilling/)]),
    );

    const { intent_reasons: _reasons, ...withoutReasons } = result;
    fake.queue({ kind: 'arguments', raw: JSON.stringify(withoutReasons) });
    expect((await analyser().analyse(request())).intent_reasons).toEqual([]);
  });

  it('asks a closed, strict schema that scores intent for reasons as a required field, still strict', async () => {
    const scored: FunctionSchema = {
      name: 'score_news',
      description: 'Score a mining news article.',
      parameters: {
        type: 'object',
        properties: { buying_intent_score: { type: 'string', enum: ['Low', 'Medium', 'High', 'Very High'] } },
        required: ['buying_intent_score'],
        additionalProperties: false,
      },
    };
    const asked = askingForIntentReasons(scored);
    expect(asked.added).toBe(true);
    expect(asked.schema.parameters.required).toEqual(['buying_intent_score', 'intent_reasons']);
    fake.expectTool({ ...asked.schema, strict: true });
    const result = await analyser().analyse(request(scored));

    expect(result).toEqual({
      buying_intent_score: expect.any(String),
      intent_reasons: expect.any(Array),
      rubric_intent: expect.objectContaining({ level: expect.any(String) }),
    });
    expect(askingForIntentReasons(STRICT_SCHEMA).added).toBe(false);
  });

  it('rejects an answer without a tool call', async () => {
    fake.queue({ kind: 'no-tool-call', content: 'I cannot help with that.' });
    const error = await failure(analyser().analyse(request()));

    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/not valid JSON|without calling/);
  });

  it('reports a wrong API key as permanent', async () => {
    const error = await failure(analyser({ apiKey: 'sk-wrong' }).analyse(request()));

    expect(error.retryable).toBe(false);
    expect(error.status).toBe(401);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports an unreachable service as retryable', async () => {
    const closed = await startFakeOpenAi();
    const url = closed.url;
    await closed.close();
    const error = await failure(analyser({ baseUrl: url, maxRetries: 0 }).analyse(request()));

    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/Could not reach/);
  });

  it('stops when the caller aborts', async () => {
    fake.queue({ kind: 'slow', delayMs: 2_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(analyser().analyse(request(), controller.signal));

    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/cancelled/);
  });

  it('keeps within the rate limit of a busy service by honouring its 429s', async () => {
    const limited = await startFakeOpenAi({ requestsPerMinute: 600, burst: 5 });
    try {
      const busy = createOpenAiAnalyser({ apiKey: API_KEY, baseUrl: limited.url, maxRetries: 10, timeoutMs: 2_000 });
      const results = await Promise.all(Array.from({ length: 15 }, () => busy.analyse(request())));

      expect(results.every((r) => r.drilling_planned === 'Yes')).toBe(true);
      expect(limited.stats.served).toBe(15);
      expect(limited.stats.rateLimited).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('articleMessage', () => {
  it('cuts a long article to the budget, keeping the title, the lead and the contact block', () => {
    const filler = Array.from(
      { length: 400 },
      (_, i) => `<p>Paragraph ${i} describes the geology of the project in some detail.</p>`,
    ).join('\n');
    const text = `<p>Lenga Silver Corp. announces a 12,000-metre drilling program.</p>\n${filler}\n<p>For further information, please contact:</p><p>Brendan Mahlangu<br>CEO<br>Email: b@lenga.com</p>`;
    const message = articleMessage(request().article, 4_000);
    const long = articleMessage({ ...request().article, text }, 4_000);

    expect(message.length).toBeLessThanOrEqual(4_000);
    expect(long.length).toBeLessThanOrEqual(4_000);
    expect(long).toContain('Title: Lenga Silver Announces');
    expect(long).toContain('announces a 12,000-metre drilling program');
    expect(long).toContain('[…]');
    expect(long).toContain('Brendan Mahlangu\nCEO\nEmail: b@lenga.com');
    expect(long).not.toContain('Paragraph 399');
  });
});

describe('isStrictCompatible', () => {
  it('accepts a closed, fully required schema', () => {
    expect(isStrictCompatible(STRICT_SCHEMA.parameters)).toBe(true);
  });

  it('refuses the default schema: its contact objects are open and not fully required', () => {
    expect(isStrictCompatible(DEFAULT_FUNCTION_SCHEMA.parameters)).toBe(false);
    expect(strictModeProblem(DEFAULT_FUNCTION_SCHEMA.parameters)).toContain('does not set additionalProperties: false');
  });

  it('refuses optional fields, unsupported keywords, an anyOf root and deep nesting', () => {
    const base = STRICT_SCHEMA.parameters;
    const properties = base.properties as Record<string, unknown>;
    expect(isStrictCompatible({ ...base, required: ['summary'] })).toBe(false);
    expect(
      isStrictCompatible({ ...base, properties: { ...properties, summary: { type: 'string', minLength: 3 } } }),
    ).toBe(false);
    expect(
      isStrictCompatible({ ...base, properties: { ...properties, summary: { type: 'string', format: 'uri' } } }),
    ).toBe(false);
    expect(
      isStrictCompatible({ ...base, properties: { ...properties, summary: { type: 'string', default: '' } } }),
    ).toBe(false);
    expect(isStrictCompatible({ anyOf: [base] })).toBe(false);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 6; i++)
      deep = { type: 'object', properties: { x: deep }, required: ['x'], additionalProperties: false };
    expect(isStrictCompatible(deep)).toBe(false);
  });

  it('accepts supported keywords, nullable types and local $defs', () => {
    expect(
      isStrictCompatible({
        type: 'object',
        properties: {
          date: { type: 'string', format: 'date' },
          count: { type: 'integer', minimum: 0, maximum: 10 },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
          owner: { anyOf: [{ $ref: '#/$defs/person' }, { type: 'null' }] },
        },
        required: ['date', 'count', 'tags', 'owner'],
        additionalProperties: false,
        $defs: {
          person: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
      }),
    ).toBe(true);
  });
});

import type { EvaluationRun, EvaluationRunDetail, EvaluationSet } from '@mining-hub/contract/evaluation';
import { DEFAULT_FUNCTION_SCHEMA, type Prompt } from '@mining-hub/contract/prompts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiAnalyser } from '../../adapters/ai/openai-analyser.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import {
  rulesAnswer,
  startFakeOpenAi,
  type ChatRequest,
  type FakeOpenAiServer,
} from '../../../test/fake-openai-server.ts';
import { testEngines } from '../../../test/test-database.ts';
import { seedFetchedSignals } from '../../../test/signal-factory.ts';

const MODEL = 'openai:gpt-4o-mini';

/** The article a request is about, from the 'Title: …' line the analyser sends. */
function titleOf(request: ChatRequest): string {
  const user = request.messages?.find((message) => message.role === 'user')?.content;
  return /^Title: (.*)$/m.exec(typeof user === 'string' ? user : '')?.[1] ?? '';
}
function systemOf(request: ChatRequest): string {
  const system = request.messages?.find((message) => message.role === 'system')?.content;
  return typeof system === 'string' ? system : '';
}

// Three articles with hand-worked scores (scoring.ts):
// - 'Alpha': intent exact (1), drilling exact (1), talking points {a, b} against {a}: F1 = 2/3. Score 8/9.
// - 'Bravo': the model breaks the schema (invalid): 0.
// - 'Charlie': one 429 with Retry-After: 1, then every field right: 1.
// Overall (8/9 + 0 + 1) / 3 = 17/27. A prompt whose text says WORSE gets Alpha's intent wrong as well.
const ITEMS = [
  { title: 'Alpha', expected: { buying_intent_score: 'High', drilling_planned: 'Yes', talking_points: ['a', 'b'] } },
  { title: 'Bravo', expected: { buying_intent_score: 'Low', drilling_planned: 'No' } },
  { title: 'Charlie', expected: { buying_intent_score: 'Medium', drilling_planned: 'No', talking_points: [] } },
];
// An answer cut off mid-way: not JSON at all.
const GARBLED = '{"drilling_planned": "Yes", "drilling_length_meters": "5,0';

const jsonl = ITEMS.map((item) =>
  JSON.stringify({
    ...item,
    text: `${item.title} Resources reports news.`,
    source_url: `https://example.com/${item.title}`,
  }),
).join('\n');

describe.each(testEngines)('evaluation runs on %s', (engine) => {
  let t: TestApp;
  let ai: FakeOpenAiServer;
  let admin: string;
  let member: string;
  let memberId: number;
  const charlieCalls: number[] = [];

  beforeAll(async () => {
    ai = await startFakeOpenAi({
      answer: (request) => {
        const title = titleOf(request);
        const worse = systemOf(request).includes('WORSE');
        const base = rulesAnswer(request);
        if (title === 'Alpha') {
          return {
            ...base,
            buying_intent_score: worse ? 'Low' : 'High',
            drilling_planned: 'Yes',
            talking_points: ['a'],
          };
        }
        if (title === 'Charlie')
          return { ...base, buying_intent_score: 'Medium', drilling_planned: 'No', talking_points: [] };
        if (title.startsWith('Slow')) return base;
        return base;
      },
      behaviour: (request) => {
        const title = titleOf(request);
        if (title === 'Bravo') return { kind: 'arguments', raw: JSON.stringify({ drilling_planned: 'Maybe' }) };
        if (title === 'Garbled') return { kind: 'arguments', raw: GARBLED };
        if (title === 'Charlie') {
          charlieCalls.push(Date.now());
          if (charlieCalls.length % 2 === 1) return { kind: 'status', status: 429, retryAfterSeconds: 1 };
        }
        if (title.startsWith('Slow')) return { kind: 'slow', delayMs: 1_500 };
        return undefined;
      },
    });
    t = await createTestApp(engine, {
      evaluationJobs: true,
      pipeline: {
        analyser: createOpenAiAnalyser({ apiKey: 'test-key', baseUrl: ai.url, maxRetries: 0 }),
        concurrency: { analyse: 2 },
      },
    });
    admin = (await signIn(t, { role: 'admin' })).cookie;
    const signedIn = await signIn(t, { role: 'member' });
    member = signedIn.cookie;
    memberId = signedIn.userId;
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { origin: APP_ORIGIN, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const createSet = async (name: string, isDefault = false): Promise<EvaluationSet> => {
    const created = await call(admin, 'POST', '/evaluation-sets', { name, is_default: isDefault });
    expect(created.statusCode, created.body).toBe(201);
    const set: EvaluationSet = created.json().data;
    return set;
  };

  const waitForRun = async (id: number, until: (run: EvaluationRun) => boolean): Promise<EvaluationRunDetail> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const detail: EvaluationRunDetail = (await call(admin, 'GET', `/evaluations/${id}`)).json().data;
      if (until(detail.run)) return detail;
      if (Date.now() > deadline) throw new Error(`run ${id} is still ${detail.run.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const ended = (run: EvaluationRun) => !['queued', 'running'].includes(run.status);

  const activePrompt = async (): Promise<Prompt> => (await call(admin, 'GET', '/prompts/active')).json().data;

  it('seeds the starter set from the demo corpus as the default set, which members can list but not change', async () => {
    const sets: EvaluationSet[] = (await call(member, 'GET', '/evaluation-sets')).json().data;
    expect(sets).toEqual([
      expect.objectContaining({ name: 'Starter set (demo corpus)', is_default: true, item_count: 40 }),
    ]);
    expect((await call(member, 'POST', '/evaluation-sets', { name: 'Mine' })).statusCode).toBe(403);
    expect((await call(member, 'GET', `/evaluation-sets/${sets[0]?.id}`)).statusCode).toBe(403);
    expect((await call(member, 'POST', `/prompts/1/evaluations`, { set_id: sets[0]?.id })).statusCode).toBe(403);
  });

  it("lets a member add an analysed article they found, with corrections, but not another's or an unanalysed one", async () => {
    const set = await createSet(`Reviewed by members ${engine}`);
    const [analysed, fetched] = await seedFetchedSignals(t.database.handle.db, memberId, [
      { title: 'Reviewed release', intent: 'Medium' },
      { title: 'Not analysed yet', status: 'fetched' },
    ]);
    const expected = { buying_intent_score: 'Very High', drilling_planned: 'Yes', drilling_length_meters: '5,000 m' };
    const added = await call(member, 'POST', `/evaluation-sets/${set.id}/articles`, { article_id: analysed, expected });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ article_id: analysed, title: 'Reviewed release', expected });
    // Added again with another correction: it replaces the first.
    const again = await call(member, 'POST', `/evaluation-sets/${set.id}/articles`, {
      article_id: analysed,
      expected: { ...expected, buying_intent_score: 'High' },
    });
    expect(again.statusCode).toBe(201);
    const detail = (await call(admin, 'GET', `/evaluation-sets/${set.id}`)).json().data;
    expect(detail.set).toMatchObject({ item_count: 1, version: 3 });
    expect(detail.items[0].expected.buying_intent_score).toBe('High');
    const unanalysed = await call(member, 'POST', `/evaluation-sets/${set.id}/articles`, {
      article_id: fetched,
      expected,
    });
    expect(unanalysed.statusCode).toBe(409);
    // Another member's article is not theirs to see.
    const other = (await signIn(t, { role: 'member' })).cookie;
    expect(
      (await call(other, 'POST', `/evaluation-sets/${set.id}/articles`, { article_id: analysed, expected })).statusCode,
    ).toBe(404);
  });

  it('imports and exports JSONL, bumping the set version on every change, and refuses a bad line whole', async () => {
    const set = await createSet(`Round trip ${engine}`);
    expect(set.version).toBe(1);
    const imported = await call(admin, 'POST', `/evaluation-sets/${set.id}/import`, { jsonl });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ imported: 3, set: { version: 2, item_count: 3 } });

    const bad = await call(admin, 'POST', `/evaluation-sets/${set.id}/import`, {
      jsonl: `${jsonl}\n{"title": "No text", "expected": {"a": 1}}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^Line 4: text/);

    const exported = await call(admin, 'GET', `/evaluation-sets/${set.id}/export`);
    expect(exported.headers['content-type']).toMatch(/application\/x-ndjson/);
    const lines = exported.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.title)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(lines[0]).toMatchObject({ source_url: 'https://example.com/Alpha', expected: ITEMS[0]?.expected });

    const detail = (await call(admin, 'GET', `/evaluation-sets/${set.id}`)).json().data;
    const removed = await call(admin, 'DELETE', `/evaluation-sets/${set.id}/items/${detail.items[0].id}`);
    expect(removed.statusCode).toBe(200);
    const after = (await call(admin, 'GET', `/evaluation-sets/${set.id}`)).json().data;
    expect(after.set).toMatchObject({ version: 3, item_count: 2 });
    expect((await call(admin, 'POST', '/evaluation-sets', { name: set.name })).statusCode).toBe(409);
    const sets: EvaluationSet[] = (await call(admin, 'GET', '/evaluation-sets')).json().data;
    const starter = sets.find((candidate) => candidate.is_default);
    expect((await call(admin, 'DELETE', `/evaluation-sets/${starter?.id}`)).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `/evaluation-sets/${starter?.id}`, { is_default: false })).statusCode).toBe(400);
    expect(
      (await call(admin, 'POST', `/evaluation-sets/${set.id}/articles`, { article_id: 999999, expected: { a: 1 } }))
        .statusCode,
    ).toBe(404);
  });

  it('runs the active version over a set: scores by hand, invalid outputs counted, Retry-After kept, tokens and cost', async () => {
    const prices = await call(admin, 'PUT', '/evaluation-prices', {
      prices: [{ model: MODEL, input_per_million: 0.15, output_per_million: 0.6 }],
    });
    expect(prices.statusCode, prices.body).toBe(200);
    const set = await createSet(`Hand worked ${engine}`, true);
    await call(admin, 'POST', `/evaluation-sets/${set.id}/import`, { jsonl });
    const active = await activePrompt();
    const started = await call(admin, 'POST', `/prompts/${active.id}/evaluations`, { set_id: set.id });
    expect(started.statusCode, started.body).toBe(202);
    const run: EvaluationRun = started.json().data;
    expect(run).toMatchObject({
      status: 'queued',
      total: 3,
      prompt_version: active.version,
      model: MODEL,
      set_version: 2,
    });

    const { run: done, results, comparison } = await waitForRun(run.id, ended);
    expect(done.status).toBe('completed');
    expect(done.score).toBeCloseTo(17 / 27, 10);
    expect(done.valid_count).toBe(2);
    expect(done.valid_share).toBeCloseTo(2 / 3, 10);
    expect(done.field_scores).toEqual({
      buying_intent_score: expect.closeTo(2 / 3, 10),
      drilling_planned: expect.closeTo(2 / 3, 10),
      talking_points: expect.closeTo((2 / 3 + 1) / 2, 10),
    });
    const byTitle = Object.fromEntries(results.map((result) => [result.title, result]));
    expect(byTitle.Alpha?.score).toBeCloseTo(8 / 9, 10);
    expect(byTitle.Bravo).toMatchObject({ valid: false, score: 0, output: null });
    expect(byTitle.Bravo?.error).toMatch(/breaks the schema/);
    // What the model said is kept, as it said it, so the admin sees what came back.
    expect(byTitle.Bravo?.raw_output).toBe(JSON.stringify({ drilling_planned: 'Maybe' }));
    expect(byTitle.Alpha?.raw_output).toBeNull();
    expect(byTitle.Charlie).toMatchObject({ valid: true, score: 1 });
    // The 429 asked for a second: the retry came no sooner.
    expect((charlieCalls[1] ?? 0) - (charlieCalls[0] ?? 0)).toBeGreaterThanOrEqual(950);
    // Every answered call counted 100 + 100 tokens (the 429 none): 3 calls.
    expect(done.avg_prompt_tokens).toBe(100);
    expect(done.cost_usd).toBeCloseTo((300 * 0.15 + 300 * 0.6) / 1_000_000, 12);
    expect(done.avg_latency_ms).toBeGreaterThan(0);
    expect(comparison).toBeNull(); // this is the active version's own run

    // Nothing went to the CRM.
    const outbox = (await call(admin, 'GET', '/crm-outbox')).json();
    expect(outbox.data).toEqual([]);
  });

  it('compares a worse draft and a worse saved version with the active run; activation then needs confirmation', async () => {
    const sets: EvaluationSet[] = (await call(admin, 'GET', '/evaluation-sets')).json().data;
    const set = sets.find((candidate) => candidate.is_default);
    if (!set) throw new Error('no default set');
    const active = await activePrompt();

    // The unsaved draft of the editor.
    const draftRun = await call(admin, 'POST', `/prompts/${active.id}/evaluations`, {
      set_id: set.id,
      draft: { prompt_text: 'WORSE on purpose', function_schema: DEFAULT_FUNCTION_SCHEMA },
    });
    expect(draftRun.statusCode, draftRun.body).toBe(202);
    const draft = await waitForRun(draftRun.json().data.id, ended);
    expect(draft.run).toMatchObject({ prompt_version: null, status: 'completed' });
    // Alpha: intent wrong (0), drilling 1, points 2/3: 5/9. Overall (5/9 + 0 + 1) / 3 = 14/27.
    expect(draft.run.score).toBeCloseTo(14 / 27, 10);
    expect(draft.comparison).toMatchObject({ worse: 1, same: 2, better: 0, note: null });
    expect(draft.comparison?.overall.delta).toBeCloseTo(14 / 27 - 17 / 27, 10);
    expect(draft.comparison?.fields.find((field) => field.field === 'buying_intent_score')).toMatchObject({
      run: expect.closeTo(1 / 3, 10),
      baseline: expect.closeTo(2 / 3, 10),
    });
    expect(draft.comparison?.articles).toEqual([
      expect.objectContaining({
        title: 'Alpha',
        verdict: 'worse',
        output: expect.objectContaining({ buying_intent_score: 'Low' }),
        baseline_output: expect.objectContaining({ buying_intent_score: 'High' }),
      }),
    ]);

    // A saved, inactive version that scores lower.
    const created = await call(admin, 'POST', '/prompts', {
      name: `Worse ${engine}`,
      prompt_text: 'WORSE again',
      function_schema: DEFAULT_FUNCTION_SCHEMA,
      set_as_active: false,
    });
    const worse: Prompt = created.json().data;
    const worseRun = await call(admin, 'POST', `/prompts/${worse.id}/evaluations`, { set_id: set.id });
    await waitForRun(worseRun.json().data.id, ended);

    const refused = await call(admin, 'POST', `/prompts/${worse.id}/activate`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'confirmation_required',
      candidate_score: expect.closeTo(14 / 27, 10),
      active_score: expect.closeTo(17 / 27, 10),
      comparison: { worse: 1, articles: [expect.objectContaining({ title: 'Alpha' })] },
    });
    expect((await activePrompt()).id).toBe(active.id);

    const confirmed = await call(admin, 'POST', `/prompts/${worse.id}/activate`, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().evaluation_note).toMatch(/scored 51\.9% against the active version's 63\.0%.*confirmed/);
    const audit = (await call(admin, 'GET', '/audit-log?action=prompt_activated')).json().data;
    expect(audit[0]).toMatchObject({ action: 'prompt_activated', target: worse.name });
    expect(audit[0].detail).toMatch(/51\.9%.*63\.0%.*confirmed/);

    // A version with no run is activated, saying so.
    const fresh: Prompt = (
      await call(admin, 'POST', '/prompts', {
        name: `Unrun ${engine}`,
        prompt_text: 'Never evaluated',
        function_schema: DEFAULT_FUNCTION_SCHEMA,
        set_as_active: false,
      })
    ).json().data;
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/v1/prompts/${fresh.id}/activate`,
      headers: { origin: APP_ORIGIN, cookie: admin },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().evaluation_note).toMatch(/has no evaluation run/);
  });

  it("keeps the model's raw answer when it is not JSON, beside the reason, and counts it invalid", async () => {
    const set = await createSet(`Garbled ${engine}`);
    const lines = ['Garbled', 'Alpha'].map((title) =>
      JSON.stringify({ title, text: `${title} news.`, expected: { drilling_planned: 'Yes' } }),
    );
    await call(admin, 'POST', `/evaluation-sets/${set.id}/import`, { jsonl: lines.join('\n') });
    const active = await activePrompt();
    const run: EvaluationRun = (
      await call(admin, 'POST', `/prompts/${active.id}/evaluations`, { set_id: set.id })
    ).json().data;
    const { run: done, results } = await waitForRun(run.id, ended);
    expect(done).toMatchObject({ status: 'completed', valid_count: 1, valid_share: 0.5, score: 0.5 });
    expect(results.find((result) => result.title === 'Garbled')).toMatchObject({
      valid: false,
      output: null,
      score: 0,
      error: expect.stringMatching(/not valid JSON/),
      raw_output: GARBLED,
    });
  });

  it('stops a cancelled run: no article is scored after the cancel', async () => {
    const set = await createSet(`Slow ${engine}`);
    const slow = Array.from({ length: 6 }, (_, i) =>
      JSON.stringify({ title: `Slow ${i}`, text: 'Slow news.', expected: { drilling_planned: 'No' } }),
    ).join('\n');
    await call(admin, 'POST', `/evaluation-sets/${set.id}/import`, { jsonl: slow });
    const active = await activePrompt();
    const run: EvaluationRun = (
      await call(admin, 'POST', `/prompts/${active.id}/evaluations`, { set_id: set.id })
    ).json().data;
    await waitForRun(run.id, (current) => current.status === 'running');
    const requestsBefore = ai.requests.filter((request) => titleOf(request.body).startsWith('Slow')).length;
    const cancelled = await call(admin, 'POST', `/evaluations/${run.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const doneAtCancel: number = cancelled.json().data.done;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await waitForRun(run.id, ended);
    expect(after.run).toMatchObject({ status: 'cancelled', done: doneAtCancel });
    expect(after.results).toHaveLength(doneAtCancel);
    // The two calls under way were aborted; no further article was sent.
    const requestsAfter = ai.requests.filter((request) => titleOf(request.body).startsWith('Slow')).length;
    expect(requestsAfter).toBeLessThanOrEqual(requestsBefore + 2);
    expect(requestsAfter).toBeLessThan(6);
    expect((await call(admin, 'POST', `/evaluations/${run.id}/cancel`)).statusCode).toBe(409);
  });
});

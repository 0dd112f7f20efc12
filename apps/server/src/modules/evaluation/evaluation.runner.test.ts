import { brotliCompressSync } from 'node:zlib';
import type { EvaluationSet } from '@mining-hub/contract/evaluation';
import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';
import { createEvaluationRepository } from './evaluation.repository.ts';

describe.each(testEngines)('evaluation runner with the offline analyser on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  /** A queued run of the offline analyser over the starter set. */
  const newRun = (starter: EvaluationSet, total: number) =>
    createEvaluationRepository(t.database.handle.db).insertRun({
      set_id: starter.id,
      set_name: starter.name,
      set_version: starter.version,
      prompt_id: null,
      prompt_version: null,
      prompt_name: 'rules',
      prompt_text: 'Find drilling signals.',
      function_schema: DEFAULT_FUNCTION_SCHEMA,
      model: 'rules',
      total,
      created_by: null,
    });

  it('scores the starter set, and a run taken over after a crash scores only the articles it had not', async () => {
    const repository = createEvaluationRepository(t.database.handle.db);
    const starter = (await t.services.evaluation.listSets()).find((set) => set.is_default);
    if (!starter) throw new Error('no starter set');
    const items = await repository.listItems(starter.id);
    const run = await newRun(starter, items.length);
    // The worker that died had stored one article's result, a made-up one this run must keep.
    const first = items[0];
    if (!first) throw new Error('empty starter set');
    const dead = await repository.startRun(run.id);
    if (!dead) throw new Error('the run did not start');
    const made = {
      item_id: first.id,
      title: first.title,
      expected: first.expected,
      output: null,
      valid: false,
      error: 'the worker died',
      raw_output: null,
      score: 0,
      field_scores: {},
      latency_ms: 1,
      prompt_tokens: 0,
      completion_tokens: 0,
    };
    expect(await repository.saveResults(run.id, dead.attempt, [made])).toBe(true);

    await t.services.evaluationRunner.execute(run.id);
    const { run: done, results } = await t.services.evaluation.getRun(run.id);
    expect(done).toMatchObject({ status: 'completed', done: 40, total: 40, valid_count: 39 });
    expect(results).toHaveLength(40);
    expect(results.find((result) => result.item_id === first.id)).toMatchObject({ error: 'the worker died' });
    // The offline analyser knows drilling plans and contacts well: the demo corpus's own facts.
    expect(done.field_scores.drilling_planned).toBeGreaterThan(0.9);
    expect(done.field_scores.contact_details).toBeGreaterThan(0.75);
    expect(done.score).toBeGreaterThan(0.7);
    expect(done.cost_usd).toBeNull();
    // The worker that lost the run (it stalled, then woke up) stores nothing more.
    const second = items[1];
    if (!second) throw new Error('starter set of one');
    expect(await repository.saveResults(run.id, dead.attempt, [{ ...made, item_id: second.id }])).toBe(false);
    expect((await t.services.evaluation.getRun(run.id)).results).toHaveLength(40);
  });

  it('still reads results stored before migration 029 (JSON text, plain or packed) beside those stored since', async () => {
    const repository = createEvaluationRepository(t.database.handle.db);
    const starter = (await t.services.evaluation.listSets()).find((set) => set.is_default);
    if (!starter) throw new Error('no starter set');
    const [a, b, c] = await repository.listItems(starter.id);
    if (!a || !b || !c) throw new Error('starter set too small');
    const run = await newRun(starter, 3);
    const result = (item: typeof a, score: number) => ({
      item_id: item.id,
      title: item.title,
      expected: item.expected,
      output: { drilling_planned: 'Yes', talking_points: ['“quoted” — not ASCII'] },
      valid: true,
      error: null,
      raw_output: null,
      score,
      field_scores: { drilling_planned: score },
      latency_ms: 2.5,
      prompt_tokens: 10,
      completion_tokens: 5,
    });
    // As written before: plain JSON text (before raw answers were kept: no raw_output), then packed JSON.
    const { raw_output: _, ...plain } = result(a, 1);
    const packed = brotliCompressSync(JSON.stringify([result(b, 0.5)])).toString('base64');
    await sql`INSERT INTO evaluation_result_batches (run_id, item_ids, results, packed) VALUES
      (${run.id}, ${[a.id]}::integer[], ${JSON.stringify([plain])}, false),
      (${run.id}, ${[b.id]}::integer[], ${packed}, true)`.execute(t.database.handle.db);
    const started = await repository.startRun(run.id);
    if (!started) throw new Error('the run did not start');
    expect(await repository.saveResults(run.id, started.attempt, [result(c, 0.25)])).toBe(true);

    const { results } = await t.services.evaluation.getRun(run.id);
    expect(results).toEqual([result(a, 1), result(b, 0.5), result(c, 0.25)].sort((x, y) => x.item_id - y.item_id));
    expect(await repository.resultItemIds(run.id)).toEqual(new Set([a.id, b.id, c.id]));
  });
});

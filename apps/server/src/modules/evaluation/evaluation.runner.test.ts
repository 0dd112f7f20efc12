import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
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

  it('scores the starter set, and a run taken over after a crash scores only the articles it had not', async () => {
    const repository = createEvaluationRepository(t.database.handle.db);
    const starter = (await t.services.evaluation.listSets()).find((set) => set.is_default);
    if (!starter) throw new Error('no starter set');
    const items = await repository.listItems(starter.id);
    const run = await repository.insertRun({
      set_id: starter.id,
      set_name: starter.name,
      set_version: starter.version,
      prompt_id: null,
      prompt_version: null,
      prompt_name: 'rules',
      prompt_text: 'Find drilling signals.',
      function_schema: DEFAULT_FUNCTION_SCHEMA,
      model: 'rules',
      total: items.length,
      created_by: null,
    });
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
});

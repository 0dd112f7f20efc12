import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYING_INTENT_LEVELS } from '@mining-hub/contract/articles';
import type { BatchStatus } from '@mining-hub/contract/pipeline';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { fetchToEnd } from '../../../test/news-fetch-session.ts';
import { startPressWire } from '../../../test/press-releases.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

// Review before push: analyse a selection without pushing it, read what the analysis found on the list, then
// push the reviewed articles as a batch of their own.
describe.each(testEngines)('review before push on %s', (engine) => {
  let t: TestApp;
  let wire: Awaited<ReturnType<typeof startPressWire>>;
  let alice = '';
  let bob = '';
  let sessionId = '';
  const ids = new Map<string, number>();

  beforeAll(async () => {
    wire = await startPressWire(6);
    t = await createTestApp(engine, {
      newsSources: [createRssSource(wire.feedUrl)],
      pipelineJobs: true,
      pipeline: { appOrigin: wire.server.url },
    });
    alice = (await signIn(t)).cookie;
    bob = (await signIn(t)).cookie;
    ({ sessionId } = await fetchToEnd(t, alice, { dateRange: 7 }));
    for (const article of (await list(alice)).data) ids.set(article.title, article.article_id);
  });
  afterAll(async () => {
    await t.close();
    await wire.server.close();
  });

  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { origin: APP_ORIGIN, cookie }, payload });
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie } });
  async function list(cookie: string) {
    return (await get(cookie, `articles/session/${sessionId}?page_size=100`)).json() as {
      data: {
        article_id: number;
        title: string;
        status: string;
        buying_intent_score: string | null;
        intent_reasons: string[];
        signal_summary: string | null;
        analysis: unknown;
      }[];
    };
  }
  const idsOf = (...numbers: number[]) => numbers.map((n) => ids.get(`Release ${n}`) ?? -1);
  const statusOf = async (n: number) => (await list(alice)).data.find((a) => a.title === `Release ${n}`)?.status;
  const notesOf = async (articleIds: number[]) =>
    t.database.handle.db.selectFrom('crm_notes').select('article_id').where('article_id', 'in', articleIds).execute();

  async function finished(cookie: string, batchId: string): Promise<BatchStatus> {
    for (let i = 0; i < 300; i++) {
      const status = (await get(cookie, `batch/status/${batchId}`)).json() as BatchStatus;
      if (status.status === 'completed') return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`batch ${batchId} did not finish`);
  }

  it('analyses a selection with push: false and stops at summarised, with nothing in the CRM outbox', async () => {
    const selected = idsOf(1, 2, 3);
    const started = await post(alice, 'batch/process-selected', { article_ids: selected, push: false });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ success: true, article_count: 3, skipped_count: 0 });

    const status = await finished(alice, started.json().batch_session_id);
    expect(status).toMatchObject({
      total_articles: 3,
      completed: 3,
      failed: 0,
      progress_percentage: 100,
      results: { expanded: 3, analyzed: 3, pushed_to_hubspot: 0 },
    });
    for (const n of [1, 2, 3]) expect(await statusOf(n)).toBe('summarised');
    expect(await notesOf(selected)).toEqual([]);
  });

  it('shows the intent, its reasons and the one-line summary on the list once analysed, and in the detail', async () => {
    const { data } = await list(alice);
    const analysed = data.find((a) => a.title === 'Release 1');
    expect(analysed).toMatchObject({
      status: 'summarised',
      buying_intent_score: expect.stringMatching(new RegExp(`^(${BUYING_INTENT_LEVELS.join('|')})$`)),
      signal_summary: expect.stringContaining('Company 1 Resources'),
      analysis: null, // list items stay light: the analysis itself is only in the detail
    });
    expect(analysed?.intent_reasons).toEqual(
      // The intent rubric names the facts (issue 33): the money closed and the drilling it funds.
      expect.arrayContaining(['C$8.0M placement closed, funds 12,000 m diamond drilling in Q2 2026']),
    );
    const fetched = data.find((a) => a.title === 'Release 6');
    expect(fetched).toMatchObject({ buying_intent_score: null, intent_reasons: [], signal_summary: null });

    const detail = (await get(alice, `article/${ids.get('Release 1')}`)).json().data;
    expect(detail.intent_reasons).toEqual(analysed?.intent_reasons);
    expect(detail.analysis.intent_reasons).toEqual(analysed?.intent_reasons);
    expect(detail.buying_intent_score).toBe(detail.analysis.buying_intent_score);
  });

  it('pushes exactly the reviewed articles asked for, and a second push-selected pushes nothing twice', async () => {
    const chosen = idsOf(1, 2);
    const started = await post(alice, 'batch/push-selected', { article_ids: chosen });
    expect(started.statusCode, started.body).toBe(200);
    const status = await finished(alice, started.json().batch_session_id);
    expect(status).toMatchObject({ completed: 2, failed: 0, results: { pushed_to_hubspot: 2 } });
    expect(await statusOf(1)).toBe('pushed_to_hubspot');
    expect(await statusOf(2)).toBe('pushed_to_hubspot');
    expect(await statusOf(3)).toBe('summarised');
    expect((await notesOf(idsOf(1, 2, 3))).map((note) => note.article_id).sort()).toEqual([...chosen].sort());

    const companies = await t.database.handle.db.selectFrom('crm_companies').select('id').execute();
    const again = await post(alice, 'batch/push-selected', { article_ids: chosen });
    expect(again.statusCode, again.body).toBe(200);
    expect(await finished(alice, again.json().batch_session_id)).toMatchObject({ completed: 2, failed: 0 });
    expect(await notesOf(chosen)).toHaveLength(2);
    expect(await t.database.handle.db.selectFrom('crm_companies').select('id').execute()).toEqual(companies);
  });

  it('refuses to push an article that is not analysed yet, and queues nothing', async () => {
    const response = await post(alice, 'batch/push-selected', { article_ids: idsOf(3, 5) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: expect.stringContaining(`${ids.get('Release 5')}`),
      code: 'invalid_status',
    });
    expect(await statusOf(3)).toBe('summarised');
    expect(await statusOf(5)).toBe('fetched');
  });

  it("lets a member push only what they can see; an admin pushes anyone's", async () => {
    const refused = await post(bob, 'batch/push-selected', { article_ids: idsOf(3) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('not_found');
    expect((await post(bob, 'batch/process-selected', { article_ids: idsOf(4), push: false })).statusCode).toBe(404);
    expect(await statusOf(3)).toBe('summarised');

    const admin = (await signIn(t, { role: 'admin' })).cookie;
    const pushed = await post(admin, 'batch/push-selected', { article_ids: idsOf(3) });
    expect(pushed.statusCode, pushed.body).toBe(200);
    await finished(admin, pushed.json().batch_session_id);
    expect(await statusOf(3)).toBe('pushed_to_hubspot');
  });

  it.each([
    ['batch/push-selected', { article_ids: [] }],
    ['batch/push-selected', { article_ids: [1, 1] }],
    ['batch/push-selected', {}],
    ['batch/process-selected', { article_ids: [1], push: 'no' }],
  ])('refuses %s with %j as 400 {detail, code}', async (url, payload) => {
    const response = await post(alice, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String), code: 'validation_failed' });
  });
});

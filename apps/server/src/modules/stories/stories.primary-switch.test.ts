import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { startFakeServer } from '../../../test/fake-news-servers.ts';
import { testEngines } from '../../../test/test-database.ts';
import { createNewsRepository } from '../news/news.repository.ts';
import { definePipelineJobs } from '../pipeline/pipeline.jobs.ts';

// The primary-switch race: a wire's copy is a story's primary, and the pipeline is asked to work on it (a batch
// queued, a button pressed) just as an earlier copy (the issuer's own, published first) arrives and takes over as
// the primary. The story must still be analysed once and pushed once, its work on the primary every listing shows.
// Modelled on a TSXV junior's results release as its own site and Newsfile carry it; the text is our own.
const body = (company: string) => `${company} Resources Ltd. (TSXV: ${company.slice(0, 3).toUpperCase()}) reports
channel sampling results from the Quartz Creek target at its Dawson Range Copper-Gold Project in the Yukon. Channel
QC-26-04 returned 2.9% copper and 1.4 g/t gold over 14.0 metres, and QC-26-09 returned 1.1% copper over 22.5 metres.
The company has budgeted C$3.2 million for a 6,000-metre drill program starting in June 2027 and is selecting a
drilling contractor. "Quartz Creek is now our priority target," said the company's President and CEO.`;

const COMPANIES = ['Tagish', 'Carmacks', 'Kluane', 'Pelly', 'Teslin', 'Mayo', 'Faro', 'Keno'];

describe.each(testEngines)('primary switch during analysis on %s', (engine) => {
  let t: TestApp;
  let pages: Awaited<ReturnType<typeof startFakeServer>>;
  let alice: { cookie: string; userId: number };

  beforeAll(async () => {
    const routes: Parameters<typeof startFakeServer>[0] = {};
    for (const company of COMPANIES) {
      for (const copy of ['own', 'newsfile']) {
        routes[`/${copy}/${company}`] = (_req, res) =>
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(`<!doctype html><html><body><article><h1>${company} samples 2.9% copper</h1><p>${body(company)}</p>
              <p>${body(company)}</p></article></body></html>`);
      }
    }
    pages = await startFakeServer(routes);
    // A job queue with the pipeline's queue but no pipeline worker: a batch's items wait in the queue, and the test
    // runs one itself at the moment the race needs (the alert worker, the only one started, has nothing to do).
    t = await createTestApp(engine, { pipeline: { appOrigin: pages.url }, alertJobs: {} });
    if (!t.boss) throw new Error('the test app started no job queue');
    await definePipelineJobs(t.boss);
    alice = await signIn(t);
  });
  afterAll(async () => {
    await t?.close();
    await pages?.close();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { origin: APP_ORIGIN, cookie: alice.cookie },
      payload,
    });
  const get = async (url: string) => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie: alice.cookie } });
    expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    return answer.json();
  };
  const db = () => t.database.handle.db;

  /** Stores one copy of a company's release, as the fetch stores it (a row, before its story is known). */
  async function storeCopy(company: string, copy: 'own' | 'newsfile', hoursAgo: number): Promise<number> {
    const wire = copy === 'newsfile' ? 'Vancouver, British Columbia--(Newsfile Corp. - November 27, 2026) - ' : '';
    const row = await db()
      .insertInto('articles')
      .values({
        source_key: `switch:${crypto.randomUUID()}`,
        title: `${company} Samples 2.9% Copper and 1.4 g/t Gold over 14.0 Metres at Quartz Creek`,
        source: copy === 'newsfile' ? 'Newsfile' : `${company} Resources`,
        url: `${pages.url}/${copy}/${company}`,
        description: `${wire}${body(company)}`,
        article_type: 'news',
        raw_json: '{}',
        commodities: [],
        countries: [],
        states: [],
        published_at: new Date(Date.now() - hoursAgo * 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A story whose primary is the Newsfile copy, listed in a session of Alice's, and its issuer's own copy
   * (published two hours earlier) stored but not yet assigned: assigning it makes it the primary.
   */
  async function storyAboutToSwitch(company: string): Promise<{ wire: number; own: number; sessionId: string }> {
    const wire = await storeCopy(company, 'newsfile', 3);
    expect((await t.services.stories.assign([wire])).get(wire)).toBe(wire);
    const sessionId = crypto.randomUUID();
    await db()
      .insertInto('news_sessions')
      .values({ id: sessionId, user_id: alice.userId, query: '{}', status: 'completed', articles_found: 1 })
      .execute();
    await db()
      .insertInto('session_articles')
      .values({ session_id: sessionId, article_id: wire, position: 1 })
      .execute();
    const own = await storeCopy(company, 'own', 5);
    return { wire, own, sessionId };
  }

  const rows = (ids: number[]) =>
    db()
      .selectFrom('articles')
      .select(['id', 'status', 'analysed_at', 'pushed_at', 'step_running'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  /**
   * The story's work is on its primary alone (the copy that took over, or the old primary when the step claimed
   * it first and the switch gave way), the session lists the primary, and the other copy is untouched.
   */
  async function expectWorkOnPrimary(wire: number, own: number, sessionId: string, status: string): Promise<number> {
    const primary = (await t.services.stories.primaryOf([wire])).get(wire) ?? wire;
    expect((await t.services.stories.primaryOf([own])).get(own)).toBe(primary);
    const found = await rows([wire, own]);
    const primaryRow = found.find((row) => row.id === primary);
    const copyRow = found.find((row) => row.id !== primary);
    expect(primaryRow).toMatchObject({ status, step_running: null });
    expect(primaryRow?.analysed_at).not.toBeNull();
    expect(copyRow).toMatchObject({ status: 'fetched', analysed_at: null, pushed_at: null, step_running: null });
    const listing = await get(`articles/session/${sessionId}`);
    expect(listing.data.map((article: { article_id: number }) => article.article_id)).toEqual([primary]);
    expect(listing.data[0]).toMatchObject({ status });
    return primary;
  }

  it('a batch queued on the old primary analyses the story once, on the copy that took over', async () => {
    const { wire, own, sessionId } = await storyAboutToSwitch('Tagish');
    const batch = await post('batch/process-selected', { article_ids: [wire], push: false });
    expect(batch.statusCode, batch.body).toBe(200);
    const batchId: string = batch.json().batch_session_id;

    // The issuer's own copy arrives while the batch item waits in the queue: it becomes the story's primary.
    expect((await t.services.stories.assign([own])).get(own)).toBe(own);
    // The worker now takes the queued item (keyed by the article it was queued for).
    await t.services.pipeline.processBatchArticle(batchId, wire, true);

    expect(await expectWorkOnPrimary(wire, own, sessionId, 'summarised')).toBe(own);
    const status = await get(`batch/status/${batchId}`);
    expect(status).toMatchObject({
      status: 'completed',
      completed: 1,
      failed: 0,
      results: { expanded: 1, analyzed: 1 },
    });
    const signals = await get('signals?q=Tagish');
    expect(signals.data.map((signal: { article_id: number }) => signal.article_id)).toEqual([own]);

    // Pushed once, whichever copy is pushed.
    const pushed = await post('hubspot/push-article', { article_id: wire });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json().data).toMatchObject({ article_id: own, status: 'pushed_to_hubspot' });
    expect((await post('hubspot/push-article', { article_id: own })).statusCode).toBe(409);
    expect((await get('crm-outbox')).pagination.total_count).toBe(1);
  });

  it("a fetch's page linked after a later page's earlier copy took over lists the story once, by its new primary", async () => {
    // Sources are fetched side by side: the Newsfile page is assigned (its copy the primary), the issuer's own
    // page is assigned (its earlier copy takes over), and only then does the Newsfile page link what it found.
    const news = createNewsRepository(db());
    const sessionId = crypto.randomUUID();
    await db()
      .insertInto('news_sessions')
      .values({ id: sessionId, user_id: alice.userId, query: '{}', status: 'running', articles_found: 0 })
      .execute();
    const wire = await storeCopy('Atlin', 'newsfile', 3);
    const wirePagePrimaries = await t.services.stories.assign([wire]);
    expect(wirePagePrimaries.get(wire)).toBe(wire);
    const own = await storeCopy('Atlin', 'own', 5);
    expect((await t.services.stories.assign([own])).get(own)).toBe(own);

    expect(await news.linkToSession(sessionId, [own])).toBe(1);
    expect(await news.linkToSession(sessionId, [wirePagePrimaries.get(wire) ?? wire])).toBe(1);
    const listing = await get(`articles/session/${sessionId}`);
    expect(listing.data.map((article: { article_id: number }) => article.article_id)).toEqual([own]);
  });

  it('copies taking over while their stories are expanded and analysed: each story worked on once', async () => {
    const stories = await Promise.all(COMPANIES.slice(1).map((company) => storyAboutToSwitch(company)));
    // Each story at once: its earlier copy assigned (the switch), and "Analyse" pressed on the old primary.
    const answers = await Promise.all(
      stories.map(async ({ wire, own }) => {
        const [, expanded] = await Promise.all([
          t.services.stories.assign([own]),
          post('expand-article', { article_id: wire }),
        ]);
        expect(expanded.statusCode, expanded.body).toBe(200);
        return post('openai/process-article', { article_id: wire });
      }),
    );
    const primaries: number[] = [];
    for (const [index, analysed] of answers.entries()) {
      const { wire, own, sessionId } = stories[index] ?? { wire: 0, own: 0, sessionId: '' };
      expect(analysed.statusCode, analysed.body).toBe(200);
      const primary = await expectWorkOnPrimary(wire, own, sessionId, 'summarised');
      expect(analysed.json().data).toMatchObject({ article_id: primary, status: 'summarised' });
      primaries.push(primary);
    }
    // The inbox holds each story once, as its primary.
    const signals = await get('signals?page_size=50');
    const ids = signals.data.map((signal: { article_id: number }) => signal.article_id);
    expect(ids).toHaveLength(new Set(ids).size);
    for (const primary of primaries) expect(ids).toContain(primary);
  });
});

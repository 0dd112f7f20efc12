import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { feedRoutes, rssXml, startFakeServer, type FeedItem } from '../../../test/fake-news-servers.ts';
import { pressRelease } from '../../../test/press-releases.ts';
import { testEngines } from '../../../test/test-database.ts';

describe.each(testEngines)('article pipeline on %s', (engine) => {
  let t: TestApp;
  let pages: Awaited<ReturnType<typeof startFakeServer>>;
  let alice: { cookie: string };
  let bob: { cookie: string };
  let sessionId = '';
  const byTitle = new Map<string, number>();

  beforeAll(async () => {
    const items: FeedItem[] = [];
    const routes: Parameters<typeof startFakeServer>[0] = {};
    for (let n = 1; n <= 14; n++) {
      routes[`/news/${n}`] = (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pressRelease(n));
    }
    routes['/news/missing'] = feedRoutes.status(404);
    routes['/news/huge'] = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent++ < 30) if (!res.write(chunk)) return void res.once('drain', pump);
        res.end();
      };
      res.on('close', () => (sent = 30));
      pump();
    };
    routes['/news/sneaky'] = (_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    for (const [slug, title] of [
      ['1', 'Release one'],
      ['2', 'Release two'],
      ['3', 'Release three'],
      ['missing', 'Gone'],
      ['huge', 'Huge page'],
      ['sneaky', 'Sneaky redirect'],
    ] as const) {
      items.push({
        guid: slug,
        title,
        link: `PAGES/news/${slug}`,
        description: `${title} summary`,
        published: new Date(),
      });
    }
    for (let n = 4; n <= 14; n++)
      items.push({
        guid: `${n}`,
        title: `Release ${n}`,
        link: `PAGES/news/${n}`,
        description: 'd',
        published: new Date(),
      });
    let feed = '';
    routes['/feed.xml'] = (_req, res) => feedRoutes.ok(feed)(_req, res);
    pages = await startFakeServer(routes);
    feed = rssXml('Wire', items).replaceAll('PAGES', pages.url);
    t = await createTestApp(engine, {
      newsSources: [createRssSource(`${pages.url}/feed.xml`)],
      pipelineJobs: true,
      // The page server stands in for the app's own origin, the one address the expand step trusts on loopback.
      pipeline: { appOrigin: pages.url },
    });
    alice = await signIn(t);
    bob = await signIn(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/fetch-news-session',
      headers: { origin: APP_ORIGIN, cookie: alice.cookie },
      payload: { dateRange: 7 },
    });
    sessionId = started.json().session_id;
    for (let i = 0; i < 100 && byTitle.size < items.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/articles/session/${sessionId}?page_size=100`,
        headers: { cookie: alice.cookie },
      });
      for (const article of list.json().data ?? []) byTitle.set(article.title, article.article_id);
    }
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { origin: APP_ORIGIN, cookie }, payload });
  const id = (title: string) => {
    const value = byTitle.get(title);
    if (value === undefined) throw new Error(`no article ${title}`);
    return value;
  };

  it('expands, analyses and pushes one article, refusing each step out of order with 409', async () => {
    const articleId = id('Release one');
    const outOfOrder = await post(alice.cookie, 'openai/process-article', { article_id: articleId });
    expect(outOfOrder.statusCode).toBe(409);
    expect(outOfOrder.json()).toEqual({ detail: expect.stringContaining('analyse needs'), code: 'invalid_status' });

    const expanded = await post(alice.cookie, 'expand-article', { article_id: articleId });
    expect(expanded.statusCode, expanded.body).toBe(200);
    expect(expanded.json().data).toMatchObject({ status: 'expanded', failure_reason: null });
    expect(expanded.json().data.full_content).toContain('12,000-metre diamond drilling program');
    expect(expanded.json().data.full_content).not.toContain('Markets');
    expect((await post(alice.cookie, 'expand-article', { article_id: articleId })).statusCode).toBe(409);

    const analysed = await post(alice.cookie, 'openai/process-article', { article_id: articleId });
    expect(analysed.statusCode, analysed.body).toBe(200);
    expect(analysed.json().data.status).toBe('summarised');
    const analysis = await t.database.handle.db
      .selectFrom('articles')
      .select(['analysis', 'analysis_prompt_id', 'analysis_prompt_version'])
      .where('id', '=', articleId)
      .executeTakeFirstOrThrow();
    expect(analysis.analysis).toMatchObject({ drilling_planned: 'Yes', drilling_length_meters: '12000' });
    expect(analysis.analysis?.contact_details).toEqual([
      expect.objectContaining({
        first_name: 'Jane',
        last_name: 'Doe',
        email: 'jane.doe@company1.com',
        job_title: 'President & CEO',
      }),
    ]);
    expect(analysis.analysis_prompt_version).toBe(1);

    const pushed = await post(alice.cookie, 'hubspot/push-article', { article_id: articleId });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json().data.status).toBe('pushed_to_hubspot');
    expect((await post(alice.cookie, 'hubspot/push-article', { article_id: articleId })).statusCode).toBe(409);
  });

  it('keeps the reason when expansion fails: a 404 page, a 30 MB page, a redirect to a private address', async () => {
    for (const [title, reason] of [
      ['Gone', 'HTTP 404'],
      ['Huge page', 'larger than 10 MB'],
      ['Sneaky redirect', 'private address'],
    ] as const) {
      const response = await post(alice.cookie, 'expand-article', { article_id: id(title) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.status).toBe('failed_expansion');
      expect(response.json().data.failure_reason).toContain(reason);
    }
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('processes a selection as a batch to the CRM, once per company and contact, even selected twice', async () => {
    const ids = ['Release two', 'Release three', ...Array.from({ length: 11 }, (_, i) => `Release ${i + 4}`)].map(id);
    const started = await post(alice.cookie, 'batch/process-selected', { article_ids: ids });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ success: true, article_count: 13, skipped_count: 0 });
    // The last three: the queue takes the batch in order, so these are still waiting (the first ones may be
    // done already on a quick machine, and then a new batch would rightly take them again).
    const again = await post(alice.cookie, 'batch/process-selected', { article_ids: ids.slice(-3) });
    expect(again.json()).toMatchObject({ article_count: 0, skipped_count: 3 });

    const batchId = started.json().batch_session_id;
    let status = { status: 'running' } as {
      status: string;
      completed?: number;
      failed?: number;
      results?: object;
      progress_percentage?: number;
    };
    for (let i = 0; i < 300 && status.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (
        await t.app.inject({ method: 'GET', url: `/api/v1/batch/status/${batchId}`, headers: { cookie: alice.cookie } })
      ).json();
    }
    expect(status).toEqual({
      batch_session_id: batchId,
      status: 'completed',
      total_articles: 13,
      completed: 13,
      failed: 0,
      progress_percentage: 100,
      results: { expanded: 13, analyzed: 13, pushed_to_hubspot: 13 },
      failures: [],
    });
    const companies = await t.database.handle.db.selectFrom('crm_companies').select('domain').execute();
    expect(new Set(companies.map((c) => c.domain)).size).toBe(companies.length);
    const contacts = await t.database.handle.db.selectFrom('crm_contacts').select('email').execute();
    expect(new Set(contacts.map((c) => c.email)).size).toBe(contacts.length);
    expect(contacts.length).toBe(14);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/batch/status/${batchId}`, headers: { cookie: bob.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it.each([
    [{ article_ids: [] }, 400],
    [{ article_ids: [1, 1] }, 400],
    [{ article_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 400],
    [{ article_ids: [999_999] }, 404],
  ])('refuses the batch %# with %i', async (payload, status) => {
    const response = await post(alice.cookie, 'batch/process-selected', payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBeTruthy();
    expect(response.json().code).toBe(status === 404 ? 'not_found' : 'validation_failed');
  });

  it("answers 404 for an article of another user's session", async () => {
    const response = await post(bob.cookie, 'expand-article', { article_id: id('Release 14') });
    expect(response.statusCode).toBe(404);
  });

  it("keeps a member's sessions, articles, batches and CRM pushes to them; an admin sees everyone's", async () => {
    const admin = await signIn(t, { role: 'admin' });
    const get = (cookie: string, url: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie } });
    const batch = await post(alice.cookie, 'batch/process-selected', { article_ids: [id('Release two')] });
    const batchId = batch.json().batch_session_id;
    expect(batchId).toEqual(expect.any(String));
    for (const url of [
      `articles/session/${sessionId}`,
      `articles/session/${sessionId}/ids`,
      `article/${id('Release one')}`,
      `batch/status/${batchId}`,
    ]) {
      expect((await get(bob.cookie, url)).statusCode, `another member: ${url}`).toBe(404);
      expect((await get(admin.cookie, url)).statusCode, `an admin: ${url}`).toBe(200);
      expect((await get(alice.cookie, url)).statusCode, `the owner: ${url}`).toBe(200);
    }
    // Release one was pushed by alice (the first test): her export and the admin's hold it, bob's does not.
    const rowOf = (csv: string, articleId: number) => csv.split('\n').some((line) => line.startsWith(`${articleId},`));
    const exported = async (cookie: string) => (await get(cookie, 'crm-outbox/export')).body;
    expect(rowOf(await exported(alice.cookie), id('Release one'))).toBe(true);
    expect(rowOf(await exported(admin.cookie), id('Release one'))).toBe(true);
    expect(rowOf(await exported(bob.cookie), id('Release one'))).toBe(false);
  });
});

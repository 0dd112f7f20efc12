import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '@mining-hub/contract/live';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { feedRoutes, rssXml, startFakeServer, type FeedItem } from '../../../test/fake-news-servers.ts';
import { startNewsFetch } from '../../../test/news-fetch-session.ts';
import { testEngines } from '../../../test/test-database.ts';

const now = Date.now();
const hoursAgo = (hours: number) => new Date(now - hours * 3600_000);

// 45 gold articles in Canada and 5 copper financings in Chile, all recent, plus one old one.
const items: FeedItem[] = [
  ...Array.from({ length: 45 }, (_, i) => ({
    guid: `gold-${i}`,
    title: `Taiga Gold drills ${10 + i} m of 3.2 g/t Au at Red Lake, Ontario (hole ${i})`,
    link: `https://news.example/gold-${i}`,
    description: `<p>Taiga Gold reports hole ${i}.</p><script>alert(1)</script>`,
    published: hoursAgo(i + 1),
  })),
  ...Array.from({ length: 5 }, (_, i) => ({
    guid: `copper-${i}`,
    title: `Andes Copper closes $${i + 2} million private placement for its Chile project`,
    link: `https://news.example/copper-${i}`,
    description: 'Financing for copper exploration in Chile.',
    published: hoursAgo(2),
  })),
  {
    guid: 'old',
    title: 'Old gold news from Ontario',
    link: 'https://news.example/old',
    description: 'x',
    published: hoursAgo(24 * 400),
  },
];

describe.each(testEngines)('market intelligence routes on %s', (engine) => {
  let t: TestApp;
  let feeds: Awaited<ReturnType<typeof startFakeServer>>;
  let alice: { cookie: string; userId: number };
  let bob: { cookie: string };
  const messages: LiveMessage[] = [];

  // The slow feed hangs until the first test has seen it time out, then answers (with nothing), so the
  // later fetches do not each wait out the timeout. The timeout is long enough for the other feeds to
  // answer on a loaded machine: at 1.5 s, their 500 and malformed answers sometimes came after it.
  let releaseSlowFeed: () => void = () => {};
  const slowFeedReleased = new Promise<void>((resolve) => (releaseSlowFeed = resolve));

  beforeAll(async () => {
    feeds = await startFakeServer({
      '/main.xml': feedRoutes.ok(rssXml('Mining Wire', items)),
      '/down.xml': feedRoutes.status(500),
      '/slow.xml': feedRoutes.held(rssXml('Slow Wire', []), slowFeedReleased),
      '/broken.xml': feedRoutes.malformed(),
    });
    t = await createTestApp(engine, {
      newsSources: ['/main.xml', '/down.xml', '/slow.xml', '/broken.xml'].map((path) =>
        createRssSource(`${feeds.url}${path}`),
      ),
      newsSourceTimeoutMs: 5000,
      newsFetchIntervalSeconds: 0,
    });
    alice = await signIn(t);
    bob = await signIn(t);
    t.bus.subscribe(({ message }) => void messages.push(message));
  });
  afterAll(async () => {
    releaseSlowFeed();
    await t.close();
    await feeds.close();
  });

  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { origin: APP_ORIGIN, cookie }, payload });
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie } });

  async function fetchAndWait(cookie: string, payload: object): Promise<string> {
    const started = await post(cookie, 'fetch-news-session', payload);
    expect(started.statusCode, started.body).toBe(200);
    const sessionId: string = started.json().session_id;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const done = messages.find(
        (m) =>
          m.type === 'progress_update' && m.session_id === sessionId && ['completed', 'failed'].includes(m.data.status),
      );
      if (done) return sessionId;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('fetch did not finish');
  }

  it('fetches, filters, skips failing feeds, and reports progress ending in completed', async () => {
    const sessionId = await fetchAndWait(alice.cookie, { dateRange: 30, commodity: ['Gold'], country: 'Canada' });
    const updates = messages.filter((m) => m.type === 'progress_update' && m.session_id === sessionId);
    expect(updates[0]).toMatchObject({ data: { status: 'running', message: 'Starting fetch...' } });
    const last = updates.at(-1);
    expect(last).toMatchObject({ data: { status: 'completed', progress: 100, articles_found: 45 } });
    if (last?.type !== 'progress_update') throw new Error('unexpected');
    expect(last.data.message).toMatch(/^Found 45 articles; skipped /);
    expect(last.data.message).toContain('down.xml (HTTP 500)');
    expect(last.data.message).toContain('slow.xml (timed out after 5 s)');
    expect(last.data.message).toContain('broken.xml (malformed feed');
    releaseSlowFeed();

    const page1 = await get(alice.cookie, `articles/session/${sessionId}`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().pagination).toEqual({
      current_page: 1,
      page_size: 20,
      total_count: 45,
      total_pages: 3,
      has_next: true,
      has_prev: false,
    });
    const first = page1.json().data[0];
    expect(first).toMatchObject({
      title: expect.stringContaining('Taiga Gold'),
      status: 'fetched',
      commodities: ['Au'],
      countries: ['CA'],
      states: ['ON'],
    });
    expect(first.description).not.toMatch(/script|alert/);
    expect(first.raw_json.link).toBe(first.url);

    const page3 = await get(alice.cookie, `articles/session/${sessionId}?page=3&page_size=20`);
    expect(page3.json().data).toHaveLength(5);
    expect(page3.json().pagination).toMatchObject({ current_page: 3, has_next: false, has_prev: true });

    const ids = await get(alice.cookie, `articles/session/${sessionId}/ids`);
    expect(ids.json().data.article_ids).toHaveLength(45);
    // The list leaves the bodies out; the detail has them and is otherwise the same article.
    expect(first).toMatchObject({ content: null, text: null, full_content: null, analysis: null });
    const detail = await get(alice.cookie, `article/${first.article_id}`);
    expect(detail.json().data).toEqual({
      ...first,
      content: '<p>Taiga Gold reports hole 0.</p>',
      text: '<p>Taiga Gold reports hole 0.</p>',
    });
  });

  it('stores an article once across sessions and keeps its pipeline status', async () => {
    const firstSession = await fetchAndWait(alice.cookie, { dateRange: 30, commodity: ['Cu'] });
    const listed = (await get(alice.cookie, `articles/session/${firstSession}`)).json().data;
    expect(listed).toHaveLength(5);
    await t.database.handle.db
      .updateTable('articles')
      .set({ status: 'summarised' })
      .where('id', '=', listed[0].article_id)
      .execute();
    const second = await fetchAndWait(alice.cookie, { dateRange: 30, type: ['financings'] });
    const again = (await get(alice.cookie, `articles/session/${second}`)).json().data;
    expect(again.map((a: { article_id: number }) => a.article_id).sort()).toEqual(
      listed.map((a: { article_id: number }) => a.article_id).sort(),
    );
    expect(again.find((a: { article_id: number }) => a.article_id === listed[0].article_id).status).toBe('summarised');
    const count = await t.database.handle.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(50);
  });

  it('shows every change to a page it read before, whoever wrote it', async () => {
    const sessionId = await fetchAndWait(alice.cookie, { dateRange: 30, commodity: ['Gold'] });
    const pageUrl = `articles/session/${sessionId}?page=1&page_size=10`;
    const first = await get(alice.cookie, pageUrl);
    expect((await get(alice.cookie, pageUrl)).body).toBe(first.body); // the second read is the cached page
    const { data, pagination } = first.json();
    const db = t.database.handle.db;

    // A pipeline worker (here: a plain UPDATE the server is not told about) changes an article of the page.
    await db
      .updateTable('articles')
      .set({ status: 'pushed_to_hubspot' })
      .where('id', '=', data[3].article_id)
      .execute();
    const afterUpdateResponse = await get(alice.cookie, pageUrl);
    expect(afterUpdateResponse.statusCode, afterUpdateResponse.body).toBe(200);
    const afterUpdate = afterUpdateResponse.json();
    expect(afterUpdate.data[3]).toMatchObject({ article_id: data[3].article_id, status: 'pushed_to_hubspot' });
    expect(afterUpdate.data.filter((a: { status: string }) => a.status === 'pushed_to_hubspot')).toHaveLength(1);
    // Pages of other sizes share the articles read before, and their changes.
    const narrower = (await get(alice.cookie, `articles/session/${sessionId}?page=1&page_size=5`)).json();
    expect(narrower.data.map((a: { status: string }) => a.status)).toEqual(
      afterUpdate.data.slice(0, 5).map((a: { status: string }) => a.status),
    );
    expect(narrower.data[3]).toMatchObject({ article_id: data[3].article_id, status: 'pushed_to_hubspot' });

    // A fetch appends an article to the session: the last page and every page's total change.
    const lastUrl = `articles/session/${sessionId}?page=${pagination.total_pages}&page_size=10`;
    const pastEndUrl = `articles/session/${sessionId}?page=${pagination.total_pages + 1}&page_size=10`;
    const lastBefore = (await get(alice.cookie, lastUrl)).json();
    expect((await get(alice.cookie, pastEndUrl)).json().data).toEqual([]);
    const extra = await db
      .selectFrom('articles')
      .select('id')
      .where('id', 'not in', db.selectFrom('session_articles').select('article_id').where('session_id', '=', sessionId))
      .executeTakeFirstOrThrow();
    const total = pagination.total_count + 1;
    await db
      .insertInto('session_articles')
      .values({ session_id: sessionId, article_id: extra.id, position: total })
      .execute();
    await db.updateTable('news_sessions').set({ articles_found: total }).where('id', '=', sessionId).execute();
    expect((await get(alice.cookie, pageUrl)).json().pagination.total_count).toBe(total);
    const grown =
      pagination.total_count % 10 === 0
        ? (await get(alice.cookie, pastEndUrl)).json()
        : (await get(alice.cookie, lastUrl)).json();
    expect(grown.data.map((a: { article_id: number }) => a.article_id)).toEqual([
      ...(pagination.total_count % 10 === 0 ? [] : lastBefore.data.map((a: { article_id: number }) => a.article_id)),
      extra.id,
    ]);

    // The cached page is still nobody else's.
    expect((await get(bob.cookie, pageUrl)).statusCode).toBe(404);
  });

  it('answers 500 {detail} and keeps serving when a stored article does not fit the contract', async () => {
    const sessionId = await fetchAndWait(alice.cookie, { dateRange: 30, commodity: ['Cu'] });
    const [article] = (await get(alice.cookie, `articles/session/${sessionId}`)).json().data;
    const setStatus = (status: string) =>
      t.database.handle.db.updateTable('articles').set({ status }).where('id', '=', article.article_id).execute();
    await setStatus('half-written');
    const broken = await get(alice.cookie, `articles/session/${sessionId}`);
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
    await setStatus(article.status);
    expect((await get(alice.cookie, `articles/session/${sessionId}`)).json().data[0]).toEqual(article);
  });

  it("hides another user's session and articles behind 404", async () => {
    const sessionId = await fetchAndWait(alice.cookie, { dateRange: 1 });
    expect((await get(bob.cookie, `articles/session/${sessionId}`)).statusCode).toBe(404);
    expect((await get(bob.cookie, `articles/session/${sessionId}/ids`)).statusCode).toBe(404);
    const article = (await get(alice.cookie, `articles/session/${sessionId}`)).json().data[0];
    expect((await get(bob.cookie, `article/${article.article_id}`)).statusCode).toBe(404);
    expect((await get(alice.cookie, 'articles/session/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it.each([
    [{ dateRange: 0 }, 'dateRange'],
    [{ dateRange: 3651 }, 'dateRange'],
    [{ dateRange: 7, commodity: ['Unobtainium'] }, 'commodity'],
    [{ dateRange: 7, country: 'Atlantis' }, 'country'],
    [{ dateRange: 7, type: ['gossip'] }, 'type'],
    [{ dateRange: 7, marketcap: { min: -1, max: 10 } }, 'marketcap'],
    [{ dateRange: 7, marketcap: { min: 50, max: 10 } }, 'marketcap'],
    [{ dateRange: 7, free_text_search: 'x'.repeat(501) }, 'free_text_search'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const response = await post(alice.cookie, 'fetch-news-session', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain(field);
  });

  it('refuses bad paging with 400', async () => {
    const sessionId = await fetchAndWait(alice.cookie, { dateRange: 1 });
    for (const query of ['page=0', 'page_size=101', 'page=abc']) {
      const response = await get(alice.cookie, `articles/session/${sessionId}?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get(alice.cookie, 'articles/session/not-a-uuid')).statusCode).toBe(400);
  });

  it('saves and loads the auto-mode filter set', async () => {
    expect((await get(bob.cookie, 'configurations/auto-mode')).json()).toEqual({ success: true, data: null });
    const saved = await post(bob.cookie, 'configurations/auto-mode', {
      commodity: ['Au'],
      country: 'Canada',
      dateFilter: { preset: 'last-30-days', customRange: null },
    });
    expect(saved.statusCode).toBe(200);
    const loaded = (await get(bob.cookie, 'configurations/auto-mode')).json().data;
    expect(loaded).toMatchObject({
      commodity: ['Au'],
      country: 'Canada',
      dateFilter: { preset: 'last-30-days' },
      marketcap: { min: 0, max: 10000 },
    });
    expect(
      (await post(bob.cookie, 'configurations/auto-mode', { dateFilter: { preset: 'yesterday' } })).statusCode,
    ).toBe(400);
  });
});

describe('fetch rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { newsSources: [], newsFetchIntervalSeconds: 10 });
  });
  afterAll(() => t.close());

  it('answers a second fetch within 10 seconds 429 with the spec message and wait_time', async () => {
    const { cookie } = await signIn(t);
    const start = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/fetch-news-session',
        headers: { origin: APP_ORIGIN, cookie },
        payload: { dateRange: 1 },
      });
    expect((await start()).statusCode).toBe(200);
    const limited = await start();
    expect(limited.statusCode).toBe(429);
    const body = limited.json();
    expect(body.wait_time).toBeGreaterThanOrEqual(9);
    expect(body.detail).toBe(`Rate limit exceeded. Please wait ${body.wait_time} seconds before trying again.`);
  });
});

describe('fetching several sources', () => {
  it('stores the pages of a quick feed while an earlier slow feed is still answering', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const feeds = await startFakeServer({
      '/slow.xml': feedRoutes.held(rssXml('Slow Wire', items.slice(0, 3)), released),
      '/quick.xml': feedRoutes.ok(rssXml('Quick Wire', items.slice(3, 6))),
    });
    const t = await createTestApp('pglite', {
      newsSources: ['/slow.xml', '/quick.xml'].map((path) => createRssSource(`${feeds.url}${path}`)),
      newsFetchIntervalSeconds: 0,
    });
    try {
      const progress: { message: string; status: string; articles_found: number }[] = [];
      t.bus.subscribe(({ message }) => void (message.type === 'progress_update' && progress.push(message.data)));
      await startNewsFetch(t, (await signIn(t)).cookie);
      // Fetched one after another, the quick feed would wait behind the held one and this would time out.
      await waitUntil(() => progress.some((p) => p.message.includes('quick.xml: page 1 of 1')));
      expect(progress.at(-1)).toMatchObject({ status: 'running', articles_found: 3 });
      release();
      await waitUntil(() => progress.some((p) => p.status === 'completed'));
      expect(progress.at(-1)).toMatchObject({ message: 'Found 6 articles', progress: 100 });
    } finally {
      release();
      await t.close();
      await feeds.close();
    }
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

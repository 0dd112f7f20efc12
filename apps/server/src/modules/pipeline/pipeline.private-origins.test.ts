import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewsSources } from '../../adapters/news-sources/news-sources.ts';
import { articlePageOrigins, loadConfig } from '../../config.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { rssXml, startFakeServer, type FeedItem, type Route } from '../../../test/fake-news-servers.ts';

const page: Route = (_req, res) =>
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body><article>
<h1>Copper miner starts drilling</h1><p>The company started an 8,000-metre drill program at its copper project in
Chile, funded by a recent placement, with first assays expected in the third quarter.</p></article></body></html>`);
const redirectTo =
  (location: () => string): Route =>
  (_req, res) =>
    res.writeHead(302, { location: location() }).end();

// Three hosts on loopback, each its own origin: the feed's, one the operator allowed, and one nobody allowed.
describe('article pages on private addresses (the operator chooses which)', () => {
  let t: TestApp;
  const servers: Awaited<ReturnType<typeof startFakeServer>>[] = [];
  let cookie = '';
  const byTitle = new Map<string, number>();

  beforeAll(async () => {
    let feed = '';
    const other = await startFakeServer({ '/page': page });
    const allowed = await startFakeServer({ '/page': page, '/jump': redirectTo(() => `${other.url}/page`) });
    const wire = await startFakeServer({
      '/feed.xml': (req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed),
      '/news/1': page,
      '/jump': redirectTo(() => `${other.url}/page`),
    });
    servers.push(other, allowed, wire);
    const links: Record<string, string> = {
      'On the feed host': `${wire.url}/news/1`,
      'On another private host': `${other.url}/page`,
      'On an allowed private host': `${allowed.url}/page`,
      'Feed host redirects inside': `${wire.url}/jump`,
      'Allowed host redirects inside': `${allowed.url}/jump`,
    };
    const items: FeedItem[] = Object.entries(links).map(([title, link]) => ({
      guid: link,
      title,
      link,
      description: 'Copper drilling in Chile',
      published: new Date(),
    }));
    feed = rssXml('Intranet wire', items);
    const config = loadConfig({ NEWS_FEEDS: `${wire.url}/feed.xml`, ALLOWED_PRIVATE_ORIGINS: `${allowed.url}/` });
    t = await createTestApp('pglite', {
      newsSources: await createNewsSources(config.news),
      // The app's own origin is elsewhere, so only the configuration can let these hosts in.
      pipeline: { appOrigin: 'http://127.0.0.1:9', privateOrigins: articlePageOrigins(config) },
    });
    cookie = (await signIn(t)).cookie;
    const started = await post('fetch-news-session', { dateRange: 7 });
    const sessionId = started.json().session_id;
    for (let i = 0; i < 100 && byTitle.size < items.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/v1/articles/session/${sessionId}?page_size=100`,
        headers: { cookie },
      });
      for (const article of list.json().data ?? []) byTitle.set(article.title, article.article_id);
    }
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(servers.map((server) => server.close()));
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { origin: APP_ORIGIN, cookie }, payload });
  const expand = async (title: string) =>
    (await post('expand-article', { article_id: byTitle.get(title) ?? 0 })).json().data;

  it("expands the feed's own articles and the allowed origin's pages", async () => {
    for (const title of ['On the feed host', 'On an allowed private host']) {
      const article = await expand(title);
      expect(article, title).toMatchObject({ status: 'expanded', failure_reason: null });
      expect(article.full_content).toContain('8,000-metre drill program');
    }
  });

  it('refuses every other private address, also when an allowed origin redirects there', async () => {
    for (const title of ['On another private host', 'Feed host redirects inside', 'Allowed host redirects inside']) {
      const article = await expand(title);
      expect(article, title).toMatchObject({ status: 'failed_expansion' });
      expect(article.failure_reason, title).toMatch(/refused: .* private address/);
    }
  });
});

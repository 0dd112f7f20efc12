import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import { feedRoutes, rssXml, startFakeServer } from '../../../test/fake-news-servers.ts';
import { createRssSource } from './rss-source.ts';

// Feed hosts that fail the way real ones do, now and then: a kept-alive connection closed under the client,
// a 503 while restarting, a reset halfway through the body, an answer slower than the client waits.

const query = fetchNewsRequestSchema.parse({ dateRange: 30 });
const now = new Date();
const feed = (name: string) =>
  rssXml(`${name} Wire`, [
    {
      guid: `${name}-1`,
      title: `${name} Gold drills 12 m at 5 g/t Au in Nevada`,
      link: `https://news.example/${name}/1`,
      description: 'Drilling in Nevada.',
      published: now,
    },
  ]);

/** The feed's item titles, read as a fetch session reads them: one request lasting at most `timeoutMs`. */
async function titles(url: string, { timeoutMs = 5000, budgetMs = 30_000 } = {}): Promise<string[]> {
  const source = createRssSource(url, { timeoutMs });
  const found: string[] = [];
  const options = { now, signal: AbortSignal.timeout(budgetMs), deadline: Date.now() + budgetMs };
  for await (const page of source.fetchPages(query, options)) found.push(...page.articles.map((a) => a.title));
  return found;
}
const countOf = (requests: string[], path: string) => requests.filter((request) => request === path).length;

describe.each(['reset', 'close'] as const)('RSS source: a server that drops kept-alive connections (%s)', (mode) => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  beforeAll(async () => {
    server = await startFakeServer({ '/a.xml': feedRoutes.ok(feed('Alpha')) }, { keptAlive: mode });
  });
  afterAll(() => server.close());

  it('reads the feed again on the connection it dropped, by retrying on a new one', async () => {
    expect(await titles(`${server.url}/a.xml`)).toEqual(['Alpha Gold drills 12 m at 5 g/t Au in Nevada']);
    // A turn later (undici puts the connection back in its pool after the body's end), the second read goes
    // out on the kept-alive connection of the first, which the server drops.
    await setImmediate();
    expect(await titles(`${server.url}/a.xml`)).toEqual(['Alpha Gold drills 12 m at 5 g/t Au in Nevada']);
    expect(server.dropped()).toBe(1);
    expect(countOf(server.requests, '/a.xml')).toBe(2);
  });
});

describe('RSS source: transient failures are retried, lasting ones are not', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  beforeAll(async () => {
    const once = (failure: ReturnType<typeof feedRoutes.status>, name: string) =>
      feedRoutes.sequence(failure, feedRoutes.ok(feed(name)));
    server = await startFakeServer({
      '/503-once.xml': once(feedRoutes.status(503), 'Restarting'),
      '/503-retry-after.xml': once(feedRoutes.status(503, { 'retry-after': '1' }), 'Patient'),
      '/502-once.xml': once(feedRoutes.status(502), 'Gateway'),
      '/504-once.xml': once(feedRoutes.status(504), 'Upstream'),
      '/reset-mid-body.xml': once(feedRoutes.resetMidBody(feed('Halfway')), 'Halfway'),
      '/slow-once.xml': once(feedRoutes.delayed(feed('Sluggish'), 3000), 'Sluggish'),
      '/503-always.xml': feedRoutes.status(503),
      '/dropped-always.xml': feedRoutes.dropConnection(),
      '/503-come-back-later.xml': feedRoutes.status(503, { 'retry-after': '120' }),
      '/503-retry-after-5.xml': feedRoutes.status(503, { 'retry-after': '5' }),
      '/500.xml': feedRoutes.status(500),
      '/404.xml': feedRoutes.status(404),
    });
  });
  afterAll(() => server.close());

  it.each([
    ['/503-once.xml', 'Restarting'],
    ['/503-retry-after.xml', 'Patient'],
    ['/502-once.xml', 'Gateway'],
    ['/504-once.xml', 'Upstream'],
    ['/reset-mid-body.xml', 'Halfway'],
  ])('reads %s at the second attempt', async (path, name) => {
    expect(await titles(`${server.url}${path}`)).toEqual([`${name} Gold drills 12 m at 5 g/t Au in Nevada`]);
    expect(countOf(server.requests, path)).toBe(2);
  });

  it('reads a feed whose first answer is slower than a request may wait, at the second attempt', async () => {
    expect(await titles(`${server.url}/slow-once.xml`, { timeoutMs: 1000 })).toEqual([
      'Sluggish Gold drills 12 m at 5 g/t Au in Nevada',
    ]);
    expect(countOf(server.requests, '/slow-once.xml')).toBe(2);
  });

  it('gives up after three attempts on a feed that keeps failing, saying so', async () => {
    await expect(titles(`${server.url}/503-always.xml`)).rejects.toThrow(/^HTTP 503 \(3 attempts\)$/);
    expect(countOf(server.requests, '/503-always.xml')).toBe(3);
    await expect(titles(`${server.url}/dropped-always.xml`)).rejects.toThrow(/ \(3 attempts\)$/);
    expect(countOf(server.requests, '/dropped-always.xml')).toBe(3);
  });

  it('does not wait longer than it may: a long Retry-After, or one past the time budget, ends the feed at once', async () => {
    await expect(titles(`${server.url}/503-come-back-later.xml`)).rejects.toThrow(
      'HTTP 503 (asked to retry after 120 s)',
    );
    expect(countOf(server.requests, '/503-come-back-later.xml')).toBe(1);
    await expect(titles(`${server.url}/503-retry-after-5.xml`, { budgetMs: 3000 })).rejects.toThrow(
      'HTTP 503 (no time left to retry)',
    );
    expect(countOf(server.requests, '/503-retry-after-5.xml')).toBe(1);
  });

  it('does not retry answers that will not change: 500 and 404', async () => {
    await expect(titles(`${server.url}/500.xml`)).rejects.toThrow(/^HTTP 500$/);
    await expect(titles(`${server.url}/404.xml`)).rejects.toThrow(/^HTTP 404$/);
    expect(countOf(server.requests, '/500.xml')).toBe(1);
    expect(countOf(server.requests, '/404.xml')).toBe(1);
  });
});

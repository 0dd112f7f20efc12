import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMininghubSource } from '../../adapters/news-sources/mininghub-source.ts';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { COMPANIES } from '../../demo/news/corpus/companies.ts';
import { createDemoSource } from '../../demo/news/demo-source.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { fetchToEnd } from '../../../test/news-fetch-session.ts';
import {
  mininghubNewsRoute,
  rssXml,
  startFakeServer,
  type FakeMininghubArticle,
} from '../../../test/fake-news-servers.ts';
import { testEngines } from '../../../test/test-database.ts';

/** Every article of a session: [title, company] pairs, read page by page as the list does. */
async function sessionArticles(t: TestApp, cookie: string, sessionId: string) {
  const found: { title: string; company: string | null }[] = [];
  for (let page = 1; ; page++) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/articles/session/${sessionId}?page=${page}&page_size=100`,
      headers: { cookie },
    });
    const body = response.json();
    found.push(
      ...body.data.map((a: { title: string; company: string | null }) => ({ title: a.title, company: a.company })),
    );
    if (!body.pagination.has_next) return found;
  }
}

const figuresOf = new Map(COMPANIES.map((company) => [company.name, company]));
const junior = COMPANIES.find((company) => company.marketCapMusd < 100);
const major = COMPANIES.find((company) => company.marketCapMusd > 10_000);
const ALL_TIME = 3650;

it('gives the demo companies market caps from juniors under US$100M to majors over US$10B', () => {
  const bands = [0, 100, 1_000, 10_000, Infinity];
  const perBand = bands
    .slice(1)
    .map((top, i) => COMPANIES.filter((c) => c.marketCapMusd >= (bands[i] ?? 0) && c.marketCapMusd < top).length);
  expect(perBand.every((count) => count > 0)).toBe(true);
  expect(COMPANIES.every((c) => c.sharesOutstandingM > 0)).toBe(true);
});

describe.each(testEngines)('market-cap and outstanding-shares ranges on %s', (engine) => {
  describe('the demo corpus', () => {
    let t: TestApp;
    let cookie = '';
    beforeAll(async () => {
      t = await createTestApp(engine, { newsSources: [createDemoSource()] });
      ({ cookie } = await signIn(t));
    });
    afterAll(() => t.close());

    it('keeps only companies in the market-cap range; the whole range keeps every article', async () => {
      const all = await fetchToEnd(t, cookie, { dateRange: ALL_TIME });
      expect(all.progress).toMatchObject({ status: 'completed', articles_found: 500 });
      expect(all.progress.message).toBe('Found 500 articles');

      const small = await fetchToEnd(t, cookie, { dateRange: ALL_TIME, marketcap: { min: 0, max: 100 } });
      const smallArticles = await sessionArticles(t, cookie, small.sessionId);
      expect(smallArticles.length).toBeGreaterThan(0);
      expect(smallArticles.length).toBeLessThan(500);
      for (const { company } of smallArticles)
        expect(figuresOf.get(company ?? '')?.marketCapMusd).toBeLessThanOrEqual(100);
      // Demo companies are all known: nothing is left out for lack of data.
      expect(small.progress.sources?.[0]?.no_company_data).toBeUndefined();

      // A maximum at the panel's top (10,000) is open-ended: majors above it stay.
      const big = await fetchToEnd(t, cookie, { dateRange: ALL_TIME, marketcap: { min: 5_000, max: 10_000 } });
      const bigArticles = await sessionArticles(t, cookie, big.sessionId);
      expect(bigArticles.some(({ company }) => company === major?.name)).toBe(true);
      for (const { company } of bigArticles)
        expect(figuresOf.get(company ?? '')?.marketCapMusd).toBeGreaterThanOrEqual(5_000);
      expect(smallArticles.length + bigArticles.length).toBeLessThan(500);
    });

    it('keeps only companies in the outstanding-shares range', async () => {
      const range = { min: 50, max: 400 };
      const fetched = await fetchToEnd(t, cookie, { dateRange: ALL_TIME, outstandingshares: range });
      const articles = await sessionArticles(t, cookie, fetched.sessionId);
      expect(articles.length).toBeGreaterThan(0);
      for (const { company } of articles) {
        const shares = figuresOf.get(company ?? '')?.sharesOutstandingM ?? -1;
        expect(shares).toBeGreaterThanOrEqual(range.min);
        expect(shares).toBeLessThanOrEqual(range.max);
      }
    });
  });

  describe('MiningHub', () => {
    const TOKEN = 'hub-token';
    const date = new Date(Date.now() - 3_600_000).toISOString();
    const ARTICLES: FakeMininghubArticle[] = [
      {
        id: 1,
        title: 'Junior drills',
        date,
        company: { name: 'Small Co', ticker: 'SML', market_cap: 50, shares_outstanding: 120 },
      },
      {
        id: 2,
        title: 'Major expands',
        date,
        company: { name: 'Big Co', ticker: 'BIG', market_cap: 5_000, shares_outstanding: 900 },
      },
      { id: 3, title: 'Nobody knows', date, company: { name: 'Quiet Co', ticker: 'QUI' } },
      { id: 4, title: 'Mid-tier permits', date, company: { name: 'Mid Co', ticker: 'MID', market_cap: 300 } },
    ];
    let server: Awaited<ReturnType<typeof startFakeServer>>;
    let t: TestApp;
    let cookie = '';
    beforeAll(async () => {
      server = await startFakeServer({
        '/v1/news': mininghubNewsRoute(TOKEN, ARTICLES),
        '/ignoring/news': mininghubNewsRoute(TOKEN, ARTICLES, { ignoreRanges: true }),
      });
      t = await createTestApp(engine, {
        newsSources: [
          createMininghubSource({ token: TOKEN, baseUrl: `${server.url}/v1`, sleep: async () => undefined }),
        ],
      });
      ({ cookie } = await signIn(t));
    });
    afterAll(async () => {
      await t.close();
      await server.close();
    });

    const titles = async (sessionId: string) =>
      (await sessionArticles(t, cookie, sessionId)).map(({ title }) => title).sort();

    it('asks the API for the range and stores what it answers; the whole range asks for none', async () => {
      const all = await fetchToEnd(t, cookie, { dateRange: 7 });
      expect(await titles(all.sessionId)).toEqual([
        'Junior drills',
        'Major expands',
        'Mid-tier permits',
        'Nobody knows',
      ]);
      expect(server.requests.at(-1)).not.toMatch(/marketcap|outstandingshares/);

      const small = await fetchToEnd(t, cookie, { dateRange: 7, marketcap: { min: 0, max: 100 } });
      expect(await titles(small.sessionId)).toEqual(['Junior drills']);
      const sent = new URL(server.requests.at(-1) ?? '', 'http://x').searchParams;
      expect([sent.get('marketcap[min]'), sent.get('marketcap[max]'), sent.get('outstandingshares[min]')]).toEqual([
        '0',
        '100',
        null,
      ]);

      const shares = await fetchToEnd(t, cookie, { dateRange: 7, outstandingshares: { min: 500, max: 10_000 } });
      expect(await titles(shares.sessionId)).toEqual(['Major expands']);
    });

    it('drops what an API ignoring the range answers out of it, trusting it on what it gives no figures for', async () => {
      const ignoring = await createTestApp(engine, {
        newsSources: [
          createMininghubSource({ token: TOKEN, baseUrl: `${server.url}/ignoring`, sleep: async () => undefined }),
        ],
      });
      try {
        const user = await signIn(ignoring);
        const small = await fetchToEnd(ignoring, user.cookie, { dateRange: 7, marketcap: { min: 0, max: 100 } });
        const stored = await sessionArticles(ignoring, user.cookie, small.sessionId);
        expect(stored.map(({ title }) => title).sort()).toEqual(['Junior drills', 'Nobody knows']);
        expect(small.progress.sources?.[0]?.no_company_data).toBeUndefined();
      } finally {
        await ignoring.close();
      }
    });
  });

  describe('feeds', () => {
    let feeds: Awaited<ReturnType<typeof startFakeServer>>;
    let t: TestApp;
    let cookie = '';
    const published = new Date(Date.now() - 3_600_000);
    const item = (guid: string, title: string, description: string) => ({
      guid,
      title,
      link: `https://wire.example/${guid}`,
      description,
      published,
    });

    beforeAll(async () => {
      if (!junior || !major) throw new Error('the demo companies need a junior and a major');
      const xml = rssXml('Mining Wire', [
        item(
          'junior',
          `${junior.short} Drills Wide Intercepts`,
          `${junior.name} (${junior.exchange}: ${junior.ticker}) reports.`,
        ),
        item(
          'major',
          `${major.short} Lifts Guidance`,
          `${major.name} (${major.exchange}: ${major.ticker}) lifts guidance.`,
        ),
        item('owner', 'Kestrel Owner Corp. Starts Drilling at Dune Hill', 'Kestrel Owner Corp. starts drilling.'),
        item('unknown', 'Nobody Minerals Reports Results', 'Nobody Minerals Inc. (TSXV: NOB) reports results.'),
      ]);
      feeds = await startFakeServer({
        '/feed.xml': (_req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(xml),
      });
      t = await createTestApp(engine, { newsSources: [createRssSource(`${feeds.url}/feed.xml`)] });
      ({ cookie } = await signIn(t));
      // The scraper's newest output: its project owners (with market cap, no share count) are known too.
      const json = path.join(t.scraperDir, 'outputs', 'json');
      await mkdir(json, { recursive: true });
      await writeFile(
        path.join(json, 'mining-projects-20260101-000000.json'),
        JSON.stringify({
          companies: [{ name: 'Kestrel Owner Corp.', ticker: null, exchange: null, market_cap_musd: 310.5 }],
        }),
      );
    });
    afterAll(async () => {
      await t.close();
      await feeds.close();
    });

    const titles = async (sessionId: string) =>
      (await sessionArticles(t, cookie, sessionId)).map(({ title }) => title.split(' ')[0]).sort();

    it('knows demo companies and scraped owners; an unknown company is kept only under the whole range', async () => {
      const all = await fetchToEnd(t, cookie, { dateRange: 7 });
      expect(all.progress.articles_found).toBe(4);
      expect(all.progress.sources?.[0]?.no_company_data).toBeUndefined();

      const mid = await fetchToEnd(t, cookie, { dateRange: 7, marketcap: { min: 100, max: 1_000 } });
      expect(await titles(mid.sessionId)).toEqual(['Kestrel']);
      expect(mid.progress.message).toBe('Found 1 articles; 1 left out: company market cap or shares unknown');
      expect(mid.progress.sources?.[0]).toMatchObject({ read: 4, no_company_data: 1 });

      // Scraped owners carry no share count: under a shares range they are left out for lack of data too.
      const shares = await fetchToEnd(t, cookie, { dateRange: 7, outstandingshares: { min: 1, max: 10_000 } });
      expect((await titles(shares.sessionId)).length).toBe(2);
      expect(shares.progress.sources?.[0]?.no_company_data).toBe(2);
    });
  });
});

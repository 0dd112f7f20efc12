import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import { startFakeServer } from '../../../test/fake-news-servers.ts';
import { buildMininghubParams, createMininghubSource } from './mininghub-source.ts';

const now = new Date('2026-11-20T12:00:00Z');

function apiArticle(id: number) {
  return {
    id,
    title: `Project update ${id}`,
    source: 'MiningHub',
    url: `https://mininghub.example/news/${id}`,
    summary: 'Summary',
    content: '<p>Body</p>',
    date: '2026-11-19T08:00:00Z',
    type: 'drill-results',
    commodities: ['Au'],
    country: 'CA',
    state: 'ON',
    company: { name: 'Northern Star Gold', ticker: 'NSG' },
    project: 'Red Lake',
  };
}

describe('MiningHub source against a local fake API', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  let attempts = 0;
  beforeAll(async () => {
    server = await startFakeServer({
      '/v1/news': (req, res) => {
        if (req.headers.authorization !== 'Bearer secret-token') return void res.writeHead(401).end();
        const page = Number(new URL(req.url ?? '', 'http://x').searchParams.get('page'));
        attempts += 1;
        // The first request of page 2 is rate limited, as the real API does under load.
        if (page === 2 && attempts === 2) return void res.writeHead(429, { 'retry-after': '0' }).end();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: [apiArticle(page * 10 + 1), apiArticle(page * 10 + 2)],
            meta: { current_page: page, last_page: 3, total: 6 },
          }),
        );
      },
    });
  });
  afterAll(() => server.close());

  it('builds the request from the filter set in the API vocabulary', () => {
    const query = fetchNewsRequestSchema.parse({
      dateRange: 30,
      country: 'Canada',
      state: 'Ontario',
      commodity: ['Gold', 'Cu'],
      type: ['drilling'],
      company: 'Northern',
      free_text_search: 'high grade',
      marketcap: { min: 10, max: 500 },
    });
    const params = buildMininghubParams(query, 2, now);
    expect(params.get('country')).toBe('CA');
    expect(params.get('state')).toBe('ON');
    expect(params.getAll('commodity[]')).toEqual(['Au', 'Cu']);
    expect(params.getAll('type[]')).toEqual(['drilling']);
    expect(params.get('company')).toBe('Northern');
    expect(params.get('free-text-search')).toBe('high grade');
    expect(params.get('date_from')).toBe('2026-10-21');
    expect(params.get('marketcap[min]')).toBe('10');
    expect(params.get('marketcap[max]')).toBe('500');
    expect(params.get('commoditiesWhere')).toBe('all');
    expect(params.get('page')).toBe('2');
    expect(params.has('project')).toBe(false);
    // All Time sends no start date, so the API answers everything it holds.
    const allTime = buildMininghubParams(fetchNewsRequestSchema.parse({ dateRange: 3650 }), 1, now);
    expect(allTime.has('date_from')).toBe(false);
    expect(allTime.get('date_to')).toBe(params.get('date_to'));
  });

  it('pages through every result, retrying a 429, with the API tags on each article', async () => {
    const source = createMininghubSource({
      token: 'secret-token',
      baseUrl: `${server.url}/v1`,
      sleep: async () => undefined,
    });
    const pages = [];
    for await (const page of source.fetchPages(fetchNewsRequestSchema.parse({ dateRange: 7 }), {
      now,
      signal: AbortSignal.timeout(10_000),
    })) {
      pages.push(page);
    }
    expect(pages.map((p) => [p.page, p.totalPages])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(pages.flatMap((p) => p.articles.map((a) => a.sourceKey))).toEqual([
      'mininghub:11',
      'mininghub:12',
      'mininghub:21',
      'mininghub:22',
      'mininghub:31',
      'mininghub:32',
    ]);
    expect(pages[0]?.articles[0]?.tags).toEqual({
      commodities: ['Au'],
      countries: ['CA'],
      states: ['ON'],
      type: 'drill-results',
      company: 'Northern Star Gold',
      ticker: 'NSG',
      project: 'Red Lake',
    });
    expect(server.requests.filter((r) => r.includes('page=2'))).toHaveLength(2);
  });

  it('gives up with the reason when the token is refused', async () => {
    const source = createMininghubSource({ token: 'wrong', baseUrl: `${server.url}/v1`, sleep: async () => undefined });
    const iterate = async () => {
      for await (const _page of source.fetchPages(fetchNewsRequestSchema.parse({ dateRange: 7 }), {
        now,
        signal: AbortSignal.timeout(5000),
      })) {
        // consume
      }
    };
    await expect(iterate()).rejects.toThrow('HTTP 401');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import { feedRoutes, rssXml, startFakeServer } from '../../../test/fake-news-servers.ts';
import { createRssSource } from './rss-source.ts';

const query = fetchNewsRequestSchema.parse({ dateRange: 30 });
const now = new Date();

async function collect(url: string) {
  const pages = [];
  for await (const page of createRssSource(url).fetchPages(query, { now, signal: AbortSignal.timeout(30_000) }))
    pages.push(page);
  return pages;
}

describe('RSS source against a local feed server', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  beforeAll(async () => {
    server = await startFakeServer({
      '/feed': feedRoutes.ok(
        rssXml('Gold Wire', [
          {
            guid: 'g-1',
            title: 'Aurora Gold drills 12 m at 5 g/t Au in Nevada',
            link: 'https://news.example/1',
            description: 'Drilling in Nevada.',
            published: now,
          },
          {
            guid: 'g-2',
            title: 'Copper Ridge closes $5 million private placement',
            link: 'https://news.example/2',
            description: 'Financing.',
            published: now,
          },
        ]),
      ),
      '/500': feedRoutes.status(500),
      '/broken': feedRoutes.malformed(),
      '/huge': feedRoutes.huge(50),
    });
  });
  afterAll(() => server.close());

  it('reads items with their guid as the dedup key, link, date and feed title', async () => {
    const [page] = await collect(`${server.url}/feed`);
    expect(page?.articles.map((a) => a.sourceKey)).toEqual(['rss:g-1', 'rss:g-2']);
    expect(page?.articles[0]).toMatchObject({
      title: 'Aurora Gold drills 12 m at 5 g/t Au in Nevada',
      source: 'Gold Wire',
      url: 'https://news.example/1',
      articleType: 'news',
    });
    expect(page?.articles[0]?.publishedAt?.toUTCString()).toBe(now.toUTCString());
  });

  it('fails with a clear reason on a 500, malformed XML, or a 50 MB body', async () => {
    await expect(collect(`${server.url}/500`)).rejects.toThrow('HTTP 500');
    await expect(collect(`${server.url}/broken`)).rejects.toThrow(/malformed feed/);
    await expect(collect(`${server.url}/huge`)).rejects.toThrow(/larger than 5 MB/);
  });
});

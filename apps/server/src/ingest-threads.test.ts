import { afterAll, describe, expect, it } from 'vitest';
import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import { GEOGRAPHY_RELEASES } from '../test/classifier-corpus.ts';
import { wordpressRss } from '../test/feed-fixtures.ts';
import { readFeedPage } from './adapters/news-sources/rss-source.ts';
import { createIngestThreads } from './ingest-threads.ts';
import { prepareArticles, type ArticleToPrepare } from './modules/news/article-preparation.ts';

// Every feed and page goes to the thread (no size below which it stays inline).
const threads = createIngestThreads({ threads: 1, threadFeedMinChars: 0, threadPageMin: 0 });
afterAll(() => threads.close());

// Feeds are read on a thread in the server: what comes back (articles, skipped items, failures and their
// messages) must be what reading on the fetch's thread gives.
const now = new Date(Date.UTC(2026, 10, 29, 4, 0));
const feedUrl = 'https://www.newsfilecorp.com/feed/mining-metals';
const items = Array.from({ length: 60 }, (_, i) => ({
  title: `Cassiar Gold Intersects ${(1 + i / 10).toFixed(1)} g/t Au over ${10 + i}.0 m at Taurus, B.C. &amp; Extends Zone`,
  link: `https://www.newsfilecorp.com/release/27${String(i).padStart(4, '0')}/`,
  guid: `nf-27${i}`,
  date: new Date(now.getTime() - i * 3_600_000).toUTCString(),
  description: `<p>VANCOUVER, BC / November 2026 / Cassiar Gold Corp. (TSXV: GLDC) reports hole ${i} at its
  Taurus deposit in northern British Columbia.</p>${'<p>Assays are pending for the remaining holes.</p>'.repeat(8)}`,
}));
// Two items a reader cannot use: no title, and no link or guid.
const feed = wordpressRss([...items, { title: '', link: 'https://x.example/a' }, { title: 'No link at all' }]);

describe('reading feeds on a thread', () => {
  const task = (text: string) => ({ text, contentType: 'application/rss+xml', feedUrl, now });

  it('gives the same articles and skipped items as reading on the fetch thread', async () => {
    const onThread = await threads.read(task(feed));
    expect(onThread).toEqual(readFeedPage(task(feed)));
    expect(onThread.articles).toHaveLength(60);
    expect(onThread.skipped).toBe(2);
    expect(onThread.reasons).toEqual({ 'no title': 1, 'no link or guid': 1 });
    expect(onThread.articles[0]?.publishedAt).toBeInstanceOf(Date);
    expect(onThread.articles[0]?.title).toContain('Taurus, B.C. & Extends Zone');
  });

  it('fails a page that is no feed, and a truncated one, with the messages reading inline gives', async () => {
    const page = `<!doctype html><html><body>${'<p>Subscribe to our newsletter.</p>'.repeat(1000)}</body></html>`;
    const truncated = `${feed.slice(0, feed.indexOf('<item>'))}<item><title>Cut off`;
    for (const text of [page, truncated]) {
      const inline = (() => {
        try {
          readFeedPage(task(text));
          return 'read';
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(inline).not.toBe('read');
      await expect(threads.read(task(text))).rejects.toThrow(inline);
    }
  });
});

// A fetch's pages are tagged, filtered and fingerprinted on a thread: what comes back must be what the fetch's
// own thread would have worked out (the stories service matches on these fingerprints).
const articles: ArticleToPrepare[] = GEOGRAPHY_RELEASES.slice(0, 40).map((release, i) => ({
  title: release.title,
  description: `<p>${release.body.slice(0, 200)}</p>`,
  content: `<p>${release.body.replaceAll('\n\n', '</p><p>')}</p><script>alert(1)</script>`,
  publishedAt: new Date(now.getTime() - i * 3_600_000),
  // One article tagged by its source: its own tags are kept, the classifier fills only what it left out.
  tags: i === 0 ? { commodities: ['Li'], countries: ['FI'] } : {},
}));

describe('article preparation on a thread', () => {
  it('gives the same tags, cleaned text and fingerprints as preparing on the fetch thread', async () => {
    const task = { articles, query: null, now };
    const onThread = await threads.prepare(task);
    expect(onThread).toEqual(prepareArticles(task));
    expect(onThread.every((article) => article.matches)).toBe(true);
    const first = onThread[0];
    expect(first?.tags.commodities).toEqual(['Li']);
    if (!first?.matches) throw new Error('the first article was left out');
    expect(first.content).not.toContain('<script');
    expect(first.fingerprint.bandKeys.length).toBeGreaterThan(0);
  });

  it('keeps only the articles that match the query, with their tags still said for the others', async () => {
    const query = fetchNewsRequestSchema.parse({ country: 'CA', dateRange: 3650 });
    const onThread = await threads.prepare({ articles, query, now });
    const kept = onThread.filter((article) => article.matches);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(articles.length);
    for (const article of onThread) expect(article.matches).toBe(article.tags.countries.includes('CA'));
  });
});

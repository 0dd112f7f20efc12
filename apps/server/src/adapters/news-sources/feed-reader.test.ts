import { afterAll, describe, expect, it } from 'vitest';
import { wordpressRss } from '../../../test/feed-fixtures.ts';
import { createFeedReader } from './feed-reader.ts';
import { readFeedPage } from './rss-source.ts';

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
  const reader = createFeedReader({ threads: 1, threadMinChars: 1 });
  afterAll(() => reader.close());
  const task = (text: string) => ({ text, contentType: 'application/rss+xml', feedUrl, now });

  it('gives the same articles and skipped items as reading on the fetch thread', async () => {
    expect(feed.length).toBeGreaterThan(32 * 1024);
    const onThread = await reader.read(task(feed));
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
      await expect(reader.read(task(text))).rejects.toThrow(inline);
    }
  });
});

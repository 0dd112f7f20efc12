import { afterAll, describe, expect, it } from 'vitest';
import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import { GEOGRAPHY_RELEASES } from '../../../test/classifier-corpus.ts';
import { prepareArticles, type ArticleToPrepare } from './article-preparation.ts';
import { createArticlePreparer } from './article-preparer.ts';

// A fetch's pages are tagged, filtered and fingerprinted on a thread: what comes back must be what the fetch's
// own thread would have worked out (the stories service matches on these fingerprints).
const now = new Date(Date.UTC(2026, 10, 29));
const articles: ArticleToPrepare[] = GEOGRAPHY_RELEASES.slice(0, 40).map((release, i) => ({
  title: release.title,
  description: `<p>${release.body.slice(0, 200)}</p>`,
  content: `<p>${release.body.replaceAll('\n\n', '</p><p>')}</p><script>alert(1)</script>`,
  publishedAt: new Date(now.getTime() - i * 3_600_000),
  // One article tagged by its source: its own tags are kept, the classifier fills only what it left out.
  tags: i === 0 ? { commodities: ['Li'], countries: ['FI'] } : {},
}));

describe('article preparation on a thread', () => {
  const preparer = createArticlePreparer({ threads: 1, threadPageMin: 1 });
  afterAll(() => preparer.close());

  it('gives the same tags, cleaned text and fingerprints as preparing on the fetch thread', async () => {
    const task = { articles, query: null, now };
    const onThread = await preparer.prepare(task);
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
    const onThread = await preparer.prepare({ articles, query, now });
    const kept = onThread.filter((article) => article.matches);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(articles.length);
    for (const article of onThread) expect(article.matches).toBe(article.tags.countries.includes('CA'));
  });
});

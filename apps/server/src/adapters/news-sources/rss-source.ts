import Parser from 'rss-parser';
import type { NewsSource, SourceArticle } from './news-source.ts';
import { fetchTextWithLimits } from '../http-fetch.ts';

const FEED_LIMITS = {
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  contentTypes: [
    'application/rss+xml',
    'application/atom+xml',
    'application/xml',
    'text/xml',
    'application/rdf+xml',
    'text/plain',
  ],
};
const parser = new Parser();

/**
 * One RSS or Atom feed as a news source: a single page of items, each keyed by its guid (or link) so the
 * same item found again is stored once. Feeds carry no structured tags; the classifier supplies them.
 */
export function createRssSource(feedUrl: string): NewsSource {
  return {
    name: `RSS feed ${feedUrl}`,
    filtersServerSide: false,
    async *fetchPages(_query, { signal }) {
      const { text } = await fetchTextWithLimits(feedUrl, {
        ...FEED_LIMITS,
        signal,
        headers: { accept: FEED_LIMITS.contentTypes.join(', ') },
      });
      let feed: Awaited<ReturnType<typeof parser.parseString>>;
      try {
        feed = await parser.parseString(text);
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        throw new Error(`malformed feed: ${reason}`, { cause: error });
      }
      const source = feed.title?.trim() || new URL(feedUrl).hostname;
      const articles: SourceArticle[] = [];
      for (const item of feed.items) {
        const key = item.guid || item.link;
        if (!key || !item.title) continue;
        const published = item.isoDate ? new Date(item.isoDate) : item.pubDate ? new Date(item.pubDate) : null;
        const body = (item as { 'content:encoded'?: string })['content:encoded'] ?? item.content ?? null;
        articles.push({
          sourceKey: `rss:${key}`,
          title: item.title.trim(),
          source,
          url: item.link ?? null,
          // The fetch turns this HTML into plain text (dropping scripts) before storing it.
          description: (item.content ?? item.contentSnippet)?.slice(0, 4000) ?? null,
          content: body,
          articleType: item.link?.toLowerCase().endsWith('.pdf') ? 'pdf' : 'news',
          pdfUrl: item.link?.toLowerCase().endsWith('.pdf') ? item.link : null,
          publishedAt: published && !Number.isNaN(published.getTime()) ? published : null,
          tags: {},
          raw: {
            date: item.isoDate ?? item.pubDate ?? null,
            link: item.link ?? null,
            guid: item.guid ?? null,
            feed: feedUrl,
          },
        });
      }
      yield { articles, page: 1, totalPages: 1 };
    },
  };
}

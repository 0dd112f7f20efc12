import { parseFeed } from '@rowanmanning/feed-parser';
import * as cheerio from 'cheerio';
import { XMLValidator } from 'fast-xml-parser';
import { fetchTextWithLimits } from '../http-fetch.ts';
import { parseFeedDate } from './feed-date.ts';
import type { NewsSource, SourceArticle } from './news-source.ts';

/** Asked for, but not required: feeds are often sent as text/html, text/plain or octet-stream, so the body decides. */
const FEED_TYPES = [
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
  'application/xml',
  'text/xml',
];
const FEED_LIMITS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024 };
/** Attempts after the first when the connection drops, an attempt times out, or the server answers 502/503/504. */
const FEED_RETRIES = 2;

export interface RssSourceOptions {
  /** Longest one request for the feed may take (15 s). */
  timeoutMs?: number;
}

type Feed = ReturnType<typeof parseFeed>;
type FeedItem = Feed['items'][number];

/** An item's date elements (local names, lower-cased) in order of preference: when it was published first. */
const DATE_ELEMENTS = ['pubdate', 'published', 'issued', 'date', 'created', 'updated', 'modified'];

/**
 * One RSS or Atom feed as a news source: a single page of items, each keyed by its guid (or link) so the
 * same item found again is stored once. Feeds carry no structured tags; the classifier supplies them.
 * Read leniently (RSS 0.9x, 1.0 and 2.0, Atom 0.3 and 1.0, bare ampersands, undeclared entities,
 * prefixed roots, whatever the content type): an item without a title or a link is skipped and
 * counted, and only a body nothing can be read from fails the feed. A dropped connection, a timeout or a
 * 502/503/504 is tried twice more within the fetch's time budget before the feed fails.
 */
export function createRssSource(feedUrl: string, options: RssSourceOptions = {}): NewsSource {
  return {
    name: `RSS feed ${feedUrl}`,
    filtersServerSide: false,
    async *fetchPages(_query, { now, signal, deadline }) {
      const { text, contentType } = await fetchTextWithLimits(feedUrl, {
        ...FEED_LIMITS,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        retry: { retries: FEED_RETRIES, deadline },
        signal,
        decodeAs: 'xml',
        headers: { accept: `${FEED_TYPES.join(', ')}, */*;q=0.1` },
      });
      const feed = readFeed(text, contentType);
      const source = plainText(feed.title) || new URL(feedUrl).hostname;
      const articles: SourceArticle[] = [];
      const reasons: Record<string, number> = {};
      for (const item of feed.items) {
        const article = toArticle(item, { feedUrl, source, now });
        if (typeof article === 'string') reasons[article] = (reasons[article] ?? 0) + 1;
        else articles.push(article);
      }
      const skipped = feed.items.length - articles.length;
      if (articles.length === 0) {
        // A truncated or garbled body can still look like a feed: say so rather than report an empty one.
        const problem = wellFormednessProblem(text);
        if (problem) throw new Error(`malformed feed: ${problem}`);
      }
      yield { articles, page: 1, totalPages: 1, ...(skipped > 0 ? { skipped: { count: skipped, reasons } } : {}) };
    },
  };
}

function readFeed(text: string, contentType: string): Feed {
  try {
    return parseFeed(text);
  } catch (error) {
    const start = text
      .slice(0, 60)
      .replace(/[\p{Cc}\ufffd\s]+/gu, ' ')
      .trim();
    const body = start ? `starting "${start}${text.length > 60 ? '…' : ''}"` : 'empty';
    throw new Error(`not an RSS or Atom feed (sent as ${contentType || 'no content type'}, ${body})`, {
      cause: error,
    });
  }
}

function wellFormednessProblem(text: string): string | null {
  const result = XMLValidator.validate(text);
  return result === true ? null : `${result.err.msg.replace(/\s+/g, ' ')} (line ${result.err.line})`;
}

/** The article an item gives, or why it gives none. */
function toArticle(
  item: FeedItem,
  { feedUrl, source, now }: { feedUrl: string; source: string; now: Date },
): SourceArticle | string {
  const title = plainText(item.title);
  if (!title) return 'no title';
  const link = httpUrl(item.url, feedUrl);
  const key = item.id?.trim() || link;
  if (!key) return 'no link or guid';
  const published = DATE_ELEMENTS.map((name) =>
    parseFeedDate(item.element.findElementWithName(name)?.textContent),
  ).find((date) => date !== null);
  const isPdf = link?.toLowerCase().endsWith('.pdf') ?? false;
  return {
    sourceKey: `rss:${key}`,
    title,
    source,
    url: link,
    // The fetch turns this HTML into plain text (dropping scripts) before storing it.
    description: (item.description ?? item.content)?.slice(0, 4000) ?? null,
    content: item.content ?? item.description ?? null,
    articleType: isPdf ? 'pdf' : 'news',
    pdfUrl: isPdf ? link : null,
    // No date, or none that can be read: the item is as new as this fetch.
    publishedAt: published ?? now,
    tags: {},
    raw: { date: published?.toISOString() ?? null, link, guid: item.id, feed: feedUrl },
  };
}

/**
 * Titles as plain text: CDATA, markup and escaped markup (`&lt;b&gt;Gold&lt;/b&gt;`, which the parser
 * has already unescaped once) all come out as the words a reader sees.
 */
function plainText(value: string | null): string {
  if (!value) return '';
  const text = /[<&]/.test(value) ? cheerio.load(value, null, false).text() : value;
  return text.replace(/\s+/g, ' ').trim();
}

/** An item's link made absolute against the feed's address; only http(s) links are kept. */
function httpUrl(value: string | null, base: string): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

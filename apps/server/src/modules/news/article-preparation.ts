import type { NewsQuery } from '@mining-hub/contract/news';
import type { ArticleTags, SourceArticle } from '../../adapters/news-sources/news-source.ts';
import { htmlToText, sanitizeArticleHtml } from '../../lib/article-html.ts';
import { fingerprintArticle, type ReleaseFingerprint } from '../stories/stories.service.ts';
import { matchesQuery, tagArticle } from './article-classifier.ts';

/** What tagging, filtering and fingerprinting read of a fetched article: plain data, so it crosses to a thread. */
export type ArticleToPrepare = Pick<SourceArticle, 'title' | 'description' | 'content' | 'publishedAt' | 'tags'>;

/** One page of a source's articles to prepare, with the query they are filtered by (none: keep them all). */
export interface PreparationTask {
  articles: ArticleToPrepare[];
  /** The fetch's query, for sources that do not apply it themselves; null for those that do. */
  query: NewsQuery | null;
  now: Date;
}

/** An article's tags and, when it matches the query, its cleaned text and release fingerprint. */
export type PreparedArticle =
  | { matches: false; tags: ArticleTags }
  | {
      matches: true;
      tags: ArticleTags;
      description: string | null;
      content: string | null;
      fingerprint: ReleaseFingerprint;
    };

/**
 * Tags each article (the source's tags, the classifier's elsewhere), checks it against the query, and for
 * those kept cleans the description and content as they will be stored and fingerprints the release as the
 * stories service would from the stored row. Pure, so it runs on the fetch's thread or a preparation thread.
 */
export function prepareArticles({ articles, query, now }: PreparationTask): PreparedArticle[] {
  return articles.map((article) => {
    const tags = tagArticle(article);
    if (query && !matchesQuery(article, tags, query, now)) return { matches: false, tags };
    const description = htmlToText(article.description);
    const content = sanitizeArticleHtml(article.content);
    const fingerprint = fingerprintArticle({ title: article.title, content, description });
    return { matches: true, tags, description, content, fingerprint };
  });
}

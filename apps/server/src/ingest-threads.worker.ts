import { readFeedPage, type FeedPage, type FeedToRead } from './adapters/news-sources/rss-source.ts';
import { prepareArticles, type PreparationTask, type PreparedArticle } from './modules/news/article-preparation.ts';

/** One piece of a fetch's CPU work, as it crosses to an ingest thread (ingest-threads.ts). */
export type IngestTask = { kind: 'feed'; feed: FeedToRead } | { kind: 'prepare'; page: PreparationTask };

/** Piscina runs the default export of this file on its thread for each task. */
export default function work(task: IngestTask): FeedPage | PreparedArticle[] {
  return task.kind === 'feed' ? readFeedPage(task.feed) : prepareArticles(task.page);
}

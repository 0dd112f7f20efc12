import type { NewsQuery } from '@mining-hub/contract/news';
import type { NewsSource } from '../../adapters/news-sources/news-source.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import type { Logger } from '../../logging.ts';
import { matchesQuery, tagArticle } from './article-classifier.ts';
import { htmlToText, sanitizeArticleHtml } from './article-html.ts';
import type { NewsRepository, NewsSessionRecord, StoredArticleInput } from './news.repository.ts';

export interface NewsFetchDeps {
  repository: NewsRepository;
  sources: NewsSource[];
  bus: LiveBus;
  logger: Logger;
  now?: () => Date;
  /** Longest a single source may take before it is skipped. */
  sourceTimeoutMs?: number | undefined;
}

type Progress = Pick<
  NewsSessionRecord,
  'status' | 'message' | 'progress' | 'current_page' | 'total_pages' | 'articles_found'
>;

/**
 * Runs one fetch session: every source in turn, page by page; each page is tagged, filtered, stored once
 * and linked to the session, and a `progress_update` goes to the user who started it. A failing source is
 * skipped with a WARNING and named in the final message; the session completes with what the others gave.
 */
export async function runFetchSession(sessionId: string, deps: NewsFetchDeps): Promise<void> {
  const session = await deps.repository.findSession(sessionId);
  if (!session) return;
  if (session.status === 'completed' || session.status === 'failed') return;
  const query = session.query as NewsQuery;
  const now = (deps.now ?? (() => new Date()))();
  const state: Progress = {
    status: 'running',
    message: 'Starting fetch...',
    progress: 0,
    current_page: 0,
    total_pages: deps.sources.length,
    articles_found: 0,
  };
  const report = async (values: Partial<Progress>) => {
    Object.assign(state, values);
    await deps.repository.updateSession(sessionId, {
      ...state,
      ...(state.status === 'running' ? {} : { finished_at: new Date() }),
    });
    deps.bus.publish(
      { userId: session.user_id },
      { type: 'progress_update', session_id: sessionId, data: { ...state } },
    );
  };

  const skipped: string[] = [];
  let pagesBefore = 0;
  try {
    await report({});
    for (const [index, source] of deps.sources.entries()) {
      const signal = AbortSignal.timeout(deps.sourceTimeoutMs ?? 120_000);
      let sourcePages = 1;
      try {
        for await (const page of source.fetchPages(query, { now, signal })) {
          sourcePages = page.totalPages;
          const kept: StoredArticleInput[] = [];
          for (const article of page.articles) {
            const tags = tagArticle(article);
            if (!source.filtersServerSide && !matchesQuery(article, tags, query, now)) continue;
            kept.push({
              ...article,
              description: htmlToText(article.description),
              content: sanitizeArticleHtml(article.content),
              tags,
            });
          }
          const found = await deps.repository.addArticlesToSession(sessionId, kept);
          const remainingSources = deps.sources.length - index - 1;
          await report({
            message: `Fetching ${source.name}: page ${page.page} of ${page.totalPages}`,
            progress: Math.min(99, Math.round((100 * (index + page.page / page.totalPages)) / deps.sources.length)),
            current_page: pagesBefore + page.page,
            total_pages: pagesBefore + page.totalPages + remainingSources,
            articles_found: found,
          });
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        deps.logger.warn(`news source ${source.name} skipped in session ${sessionId}: ${reason}`);
        skipped.push(`${source.name} (${reason})`);
      }
      pagesBefore += sourcePages;
    }
    const summary = `Found ${state.articles_found.toLocaleString('en-US')} articles`;
    await report({
      status: 'completed',
      progress: 100,
      total_pages: state.current_page,
      message: skipped.length > 0 ? `${summary}; skipped ${skipped.join(', ')}` : summary,
    });
    deps.logger.info(`fetch session ${sessionId} completed: ${state.message}`);
  } catch (error) {
    deps.logger.error({ err: error }, `fetch session ${sessionId} failed`);
    await report({ status: 'failed', message: 'Error occurred' }).catch(() => undefined);
  }
}

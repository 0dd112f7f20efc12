import crypto from 'node:crypto';
import {
  filterSetSchema,
  type Article,
  type FilterSet,
  type NewsQuery,
  type Pagination,
} from '@mining-hub/contract/news';
import { notFound, tooManyRequests } from '../../errors.ts';
import type { NewsRepository } from './news.repository.ts';

export interface NewsServiceDeps {
  repository: NewsRepository;
  /** Queues the fetch job of a new session. */
  enqueueFetch: (sessionId: string) => Promise<void>;
  /** Minimum seconds between two fetches started by one user. */
  fetchIntervalSeconds: number;
  now?: () => Date;
}

/** Fetch sessions, their article lists, single articles and the saved auto-mode filters. */
export function createNewsService(deps: NewsServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function sessionOf(userId: number, sessionId: string) {
    const session = await deps.repository.findSession(sessionId);
    // Another user's session is as unknown as a missing one.
    if (!session || session.user_id !== userId) throw notFound(`Session ${sessionId} not found`);
    return session;
  }

  return {
    /** Creates a fetch session and queues its job; refuses a second fetch within the per-user interval. */
    async startFetch(userId: number, query: NewsQuery): Promise<string> {
      const last = await deps.repository.lastSessionStart(userId);
      if (last) {
        const elapsedMs = now().getTime() - last.getTime();
        const waitSeconds = Math.ceil((deps.fetchIntervalSeconds * 1000 - elapsedMs) / 1000);
        if (waitSeconds > 0) {
          throw tooManyRequests(
            `Rate limit exceeded. Please wait ${waitSeconds} seconds before trying again.`,
            waitSeconds,
          );
        }
      }
      const sessionId = crypto.randomUUID();
      await deps.repository.insertSession({ id: sessionId, user_id: userId, query });
      await deps.enqueueFetch(sessionId);
      return sessionId;
    },

    /** One page of a session's articles with the spec's pagination block. */
    async listSessionArticles(
      userId: number,
      sessionId: string,
      page: number,
      pageSize: number,
    ): Promise<{ data: Article[]; pagination: Pagination }> {
      const found = await deps.repository.listSessionPage(sessionId, (page - 1) * pageSize, pageSize);
      // Another user's session is as unknown as a missing one.
      if (!found || found.userId !== userId) throw notFound(`Session ${sessionId} not found`);
      // The fetch keeps articles_found equal to the session's article count after every page it stores.
      const total = found.articlesFound;
      const totalPages = Math.ceil(total / pageSize);
      return {
        data: found.articles,
        pagination: {
          current_page: page,
          page_size: pageSize,
          total_count: total,
          total_pages: totalPages,
          has_next: page < totalPages,
          has_prev: page > 1,
        },
      };
    },

    /** Every article id of a session, for the list's 'All Pages' selection. */
    async sessionArticleIds(userId: number, sessionId: string): Promise<number[]> {
      await sessionOf(userId, sessionId);
      return deps.repository.listSessionArticleIds(sessionId);
    },

    /** An article one of the user's sessions found. */
    async getArticle(userId: number, articleId: number): Promise<Article> {
      const article = (await deps.repository.userCanSeeArticle(userId, articleId))
        ? await deps.repository.findArticle(articleId)
        : undefined;
      if (!article) throw notFound(`Article ${articleId} not found`);
      return article;
    },

    async getAutoMode(userId: number): Promise<FilterSet | null> {
      const saved = await deps.repository.findAutoMode(userId);
      const parsed = filterSetSchema.safeParse(saved);
      return parsed.success ? parsed.data : null;
    },

    async saveAutoMode(userId: number, filters: FilterSet): Promise<FilterSet> {
      await deps.repository.saveAutoMode(userId, filters);
      return filters;
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;

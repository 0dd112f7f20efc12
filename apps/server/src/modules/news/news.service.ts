import crypto from 'node:crypto';
import { canSeeDataOf, ownerFilterFor, type Viewer } from '@mining-hub/contract/auth';
import { LRUCache } from 'lru-cache';
import {
  filterSetSchema,
  type Article,
  type FilterSet,
  type NewsQuery,
  type Pagination,
} from '@mining-hub/contract/news';
import type { LiveMessage } from '@mining-hub/contract/live';
import { notFound, tooManyRequests } from '../../errors.ts';
import { nullAudit, type AuditActor, type AuditService } from '../audit/audit.service.ts';
import type { NewsRepository, PageFingerprint, SessionPage } from './news.repository.ts';

/**
 * How many list-page articles the page cache holds across sessions and users: about 2.5 KB each with the
 * encoded answer the route keeps beside it, so 25 MB at most (500 pages of 20).
 */
const PAGE_CACHE_MAX_ARTICLES = 10_000;

/** Sessions a connecting socket is told about: still fetching, or ended this recently; at most this many. */
const CATCH_UP_WINDOW_MS = 10 * 60_000;
const CATCH_UP_MAX_SESSIONS = 5;

export interface NewsServiceDeps {
  repository: NewsRepository;
  /** Queues the fetch job of a new session. */
  enqueueFetch: (sessionId: string) => Promise<void>;
  /** Minimum seconds between two fetches started by one user. */
  fetchIntervalSeconds: number;
  /** Records saved auto-mode filters (the app's only settings today). */
  audit?: Pick<AuditService, 'record'>;
  now?: () => Date;
}

/** Fetch sessions, their article lists, single articles and the saved auto-mode filters. */
export function createNewsService(deps: NewsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  /**
   * Recently read list pages. A page is only served from here after a look-up of its fingerprint (owner,
   * article count, its articles' row versions) shows nothing it holds has changed, whichever process
   * changed it: the look-up costs a fraction of reading and decoding the page again.
   */
  const pageCache = new LRUCache<string, SessionPage>({
    maxSize: PAGE_CACHE_MAX_ARTICLES,
    sizeCalculation: (page) => page.articles.length + 1,
  });

  /** The page from the cache while its fingerprint still matches, else freshly read (and cached). */
  async function readSessionPage(sessionId: string, page: number, pageSize: number) {
    const key = `${sessionId}:${page}:${pageSize}`;
    const cached = pageCache.get(key);
    if (cached) {
      const articleIds = cached.articles.map((article) => article.article_id);
      const current = await deps.repository.pageFingerprint(sessionId, articleIds);
      if (current && isUnchanged(cached, current)) return cached;
    }
    const fresh = await deps.repository.listSessionPage(sessionId, (page - 1) * pageSize, pageSize);
    if (fresh) pageCache.set(key, fresh);
    else pageCache.delete(key);
    return fresh;
  }

  async function sessionOf(viewer: Viewer, sessionId: string) {
    const session = await deps.repository.findSession(sessionId);
    // Another user's session is as unknown as a missing one (admins see all).
    if (!session || !canSeeDataOf(viewer, session.user_id)) throw notFound(`Session ${sessionId} not found`);
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
      viewer: Viewer,
      sessionId: string,
      page: number,
      pageSize: number,
    ): Promise<{ data: Article[]; pagination: Pagination }> {
      const found = await readSessionPage(sessionId, page, pageSize);
      // Another user's session is as unknown as a missing one (admins see all).
      if (!found || !canSeeDataOf(viewer, found.userId)) throw notFound(`Session ${sessionId} not found`);
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

    /**
     * The progress of the user's fetch sessions that are running or ended in the last minutes, as the
     * `progress_update` messages a socket sends on connecting: a page that reconnects (a server restart, a
     * network blip, a reload) learns how a fetch it missed messages of went on.
     */
    async progressCatchUp(userId: number): Promise<LiveMessage[]> {
      const since = new Date(now().getTime() - CATCH_UP_WINDOW_MS);
      const sessions = await deps.repository.listRecentSessions(userId, since, CATCH_UP_MAX_SESSIONS);
      return sessions.reverse().map((session) => ({
        type: 'progress_update',
        session_id: session.id,
        data: {
          message: session.message,
          progress: session.progress,
          current_page: session.current_page,
          total_pages: session.total_pages,
          articles_found: session.articles_found,
          status: session.status,
        },
      }));
    },

    /** Every article id of a session, for the list's 'All Pages' selection. */
    async sessionArticleIds(viewer: Viewer, sessionId: string): Promise<number[]> {
      await sessionOf(viewer, sessionId);
      return deps.repository.listSessionArticleIds(sessionId);
    },

    /** An article one of the user's sessions found (any session's, for an admin). */
    async getArticle(viewer: Viewer, articleId: number): Promise<Article> {
      const article = (await deps.repository.sessionsFoundArticle(ownerFilterFor(viewer), articleId))
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

    async saveAutoMode(user: AuditActor, filters: FilterSet): Promise<FilterSet> {
      await deps.repository.saveAutoMode(user.id, filters);
      await (deps.audit ?? nullAudit).record({
        actor: { id: user.id, email: user.email },
        action: 'settings_changed',
        target: 'auto-mode filters',
        detail: JSON.stringify(filters).slice(0, 1000),
      });
      return filters;
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;

/** Whether the database still holds what the cached page shows. */
function isUnchanged(page: SessionPage, current: PageFingerprint): boolean {
  return (
    current.userId === page.userId &&
    current.articlesFound === page.articlesFound &&
    current.articleCount === page.articles.length &&
    current.versionSum === page.versionSum
  );
}

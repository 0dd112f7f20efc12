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
import { pageOf } from '../../lib/pagination.ts';
import { nullAudit, type AuditActor, type AuditService } from '../audit/audit.service.ts';
import type { FactsService } from '../facts/facts.service.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import type { ListArticle, NewsRepository, StoredArticle } from './news.repository.ts';

/**
 * How many list items the article cache holds across sessions and users: about 2.5 KB each with the
 * encoding the route keeps beside it, so 25 MB at most (two sessions of 5,000).
 */
const ARTICLE_CACHE_MAX = 10_000;

/** Sessions a connecting socket is told about: still fetching, or ended this recently; at most this many. */
const CATCH_UP_WINDOW_MS = 10 * 60_000;
const CATCH_UP_MAX_SESSIONS = 5;

export interface NewsServiceDeps {
  repository: NewsRepository;
  /** Which story each article is: its copies' sources, and the primary a copy stands for. */
  stories: Pick<StoriesService, 'stories' | 'primaryOf'>;
  /** Reads the facts of an article expanded before facts existed, on its first detail read. */
  facts?: Pick<FactsService, 'current'>;
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
   * Recently listed articles by id, each with the row version it was read at. A page reads its articles' ids
   * and current versions, and only the articles missing here or changed since (whichever process changed
   * them) are read again: reading and decoding articles was most of a page's cost, and any page of any size
   * shares the articles of the pages read before it.
   */
  const articleCache = new LRUCache<number, ListArticle>({ max: ARTICLE_CACHE_MAX });

  /** A session's owner, article count and one page of its list items; undefined when there is no such session. */
  async function readSessionPage(sessionId: string, page: number, pageSize: number) {
    const found = await deps.repository.sessionPageVersions(sessionId, (page - 1) * pageSize, pageSize);
    if (!found) return undefined;
    const stale = found.articles.filter(({ id, version }) => articleCache.get(id)?.version !== version);
    if (stale.length > 0) {
      const read = await deps.repository.listArticles(stale.map(({ id }) => id));
      // A copy joining a story bumps its primary's version, so a cached story's sources are current too.
      const stories = await deps.stories.stories([
        ...new Set(read.flatMap(({ storyId }) => (storyId === null ? [] : [storyId]))),
      ]);
      for (const { article, version, storyId } of read) {
        articleCache.set(article.article_id, {
          article: { ...article, story: storyId === null ? null : (stories.get(storyId) ?? null) },
          version,
        });
      }
    }
    const articles = found.articles.flatMap(({ id, account }) => {
      const cached = articleCache.get(id);
      // Deleted between the two reads: the page shows one article less.
      if (!cached) return [];
      // The account moves without the row version (a sync, a merge): a changed one makes a new item, which the
      // route encodes once; an unchanged one keeps the cached item, and its encoding.
      if (cached.article.account?.id !== account?.id || cached.article.account?.name !== account?.name) {
        cached.article = { ...cached.article, account };
      }
      return [cached.article];
    });
    return { userId: found.userId, articlesFound: found.articlesFound, articles };
  }

  /** An article as the API shows it, with its story and its facts (read now when they never were). */
  async function withStory(stored: StoredArticle): Promise<Article> {
    const { article } = stored;
    const facts = deps.facts
      ? await deps.facts.current({ id: article.article_id, ...article, factsVersion: stored.factsVersion })
      : article.facts;
    if (stored.storyId === null) return { ...article, facts };
    const story = (await deps.stories.stories([stored.storyId])).get(stored.storyId) ?? null;
    return { ...article, story, facts };
  }

  async function queueFetch(userId: number, query: NewsQuery): Promise<string> {
    const sessionId = crypto.randomUUID();
    await deps.repository.insertSession({ id: sessionId, user_id: userId, query });
    await deps.enqueueFetch(sessionId);
    return sessionId;
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
      return queueFetch(userId, query);
    },

    /**
     * A fetch for a watch's scheduled run: the session belongs to the watch's owner (so its articles are
     * theirs to see) and no per-user rate limit applies, since nobody clicked.
     */
    startWatchFetch: (userId: number, query: NewsQuery): Promise<string> => queueFetch(userId, query),

    /** Where a fetch session stands ('pending', 'running', 'completed' or 'failed') and its last message. */
    async fetchState(sessionId: string): Promise<{ status: string; message: string } | undefined> {
      const session = await deps.repository.findSession(sessionId);
      return session ? { status: session.status, message: session.message } : undefined;
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
      return { data: found.articles, pagination: pageOf(page, pageSize, found.articlesFound) };
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

    /**
     * An article one of the user's sessions found (any session's, for an admin). A copy stands for its story:
     * the answer is the story's primary article, which carries the story's analysis and lists every copy.
     */
    async getArticle(viewer: Viewer, articleId: number): Promise<Article> {
      const primaryId = (await deps.stories.primaryOf([articleId])).get(articleId) ?? articleId;
      const stored = (await deps.repository.sessionsFoundArticle(ownerFilterFor(viewer), primaryId))
        ? await deps.repository.findArticle(primaryId)
        : undefined;
      if (!stored) throw notFound(`Article ${articleId} not found`);
      return withStory(stored);
    },

    /** An article with its story, whoever may see it (for the pipeline, after a step). */
    async findArticle(articleId: number): Promise<Article | undefined> {
      const stored = await deps.repository.findArticle(articleId);
      return stored ? withStory(stored) : undefined;
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

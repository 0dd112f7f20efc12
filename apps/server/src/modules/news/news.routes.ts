import { errorBodySchema, throttledBodySchema } from '@mining-hub/contract/common';
import {
  articleIdsResponseSchema,
  articlePageResponseSchema,
  articleParamsSchema,
  articleResponseSchema,
  autoModeResponseSchema,
  fetchNewsRequestSchema,
  fetchNewsResponseSchema,
  filterSetSchema,
  pageQuerySchema,
  sessionParamsSchema,
} from '@mining-hub/contract/news';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { NewsService } from './news.service.ts';

const tags = ['news'];

/** Market Intelligence: fetch sessions, their articles, single articles, auto-mode filters (SPEC.md section 7). */
export function registerNewsRoutes(app: ZodApp, deps: { news: NewsService }): void {
  const { news } = deps;

  app.post(
    '/api/v1/fetch-news-session',
    {
      schema: {
        tags,
        body: fetchNewsRequestSchema,
        response: { 200: fetchNewsResponseSchema, 429: throttledBodySchema },
      },
    },
    async (request) => {
      const sessionId = await news.startFetch(requireUser(request).id, request.body);
      return { success: true as const, session_id: sessionId, message: 'Fetch started' };
    },
  );

  app.get(
    '/api/v1/articles/session/:sessionId',
    {
      schema: {
        tags,
        params: sessionParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: articlePageResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      news.listSessionArticles(
        requireUser(request).id,
        request.params.sessionId,
        request.query.page,
        request.query.page_size,
      ),
  );

  app.get(
    '/api/v1/articles/session/:sessionId/ids',
    {
      schema: { tags, params: sessionParamsSchema, response: { 200: articleIdsResponseSchema, 404: errorBodySchema } },
    },
    async (request) => ({
      success: true as const,
      data: { article_ids: await news.sessionArticleIds(requireUser(request).id, request.params.sessionId) },
    }),
  );

  app.get(
    '/api/v1/article/:id',
    { schema: { tags, params: articleParamsSchema, response: { 200: articleResponseSchema, 404: errorBodySchema } } },
    async (request) => ({
      success: true as const,
      data: await news.getArticle(requireUser(request).id, request.params.id),
    }),
  );

  app.get(
    '/api/v1/configurations/auto-mode',
    { schema: { tags, response: { 200: autoModeResponseSchema } } },
    async (request) => ({ success: true as const, data: await news.getAutoMode(requireUser(request).id) }),
  );

  app.post(
    '/api/v1/configurations/auto-mode',
    { schema: { tags, body: filterSetSchema, response: { 200: autoModeResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await news.saveAutoMode(requireUser(request).id, request.body),
    }),
  );
}

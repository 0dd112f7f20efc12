import { errorBodySchema, throttledBodySchema } from '@mining-hub/contract/errors';
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
  paginationSchema,
  sessionParamsSchema,
  type Article,
  type ArticlePageResponse,
} from '@mining-hub/contract/news';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { NewsService } from './news.service.ts';

const tags = ['news'];

/**
 * A page the service's cache hands out (the same `data` array while the page is unchanged) is encoded once,
 * not on every call: encoding twenty articles and converting the text to bytes was a fifth of the call's
 * cost. The first encoding is checked against the schema like any other response.
 */
const encodedArticlePages = new WeakMap<readonly Article[], { pagination: string; body: Buffer }>();
const articleListSchema = articlePageResponseSchema.shape.data;

/** The list route's 200 serializer as above; its other answers use the app's usual one. */
const articlePageSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  // Fastify types `schema` as the route's whole schema, but passes the one response schema being compiled.
  if (route.httpStatus !== '200') return serializerCompiler(route as Parameters<FastifySerializerCompiler<ZodType>>[0]);
  return (page: ArticlePageResponse) => {
    const pagination = JSON.stringify(paginationSchema.encode(page.pagination));
    let encoded = encodedArticlePages.get(page.data);
    if (encoded?.pagination !== pagination) {
      const data = articleListSchema.safeEncode(page.data);
      if (!data.success) throw new ResponseSerializationError(route.method, route.url, { cause: data.error });
      encoded = { pagination, body: Buffer.from(`{"data":${JSON.stringify(data.data)},"pagination":${pagination}}`) };
      encodedArticlePages.set(page.data, encoded);
    }
    // Fastify sends a Buffer as it is; its type only names strings.
    return encoded.body as unknown as string;
  };
};

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
      serializerCompiler: articlePageSerializerCompiler,
    },
    async (request) =>
      news.listSessionArticles(
        requireUser(request),
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
      data: { article_ids: await news.sessionArticleIds(requireUser(request), request.params.sessionId) },
    }),
  );

  app.get(
    '/api/v1/article/:id',
    { schema: { tags, params: articleParamsSchema, response: { 200: articleResponseSchema, 404: errorBodySchema } } },
    async (request) => ({
      success: true as const,
      data: await news.getArticle(requireUser(request), request.params.id),
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
      data: await news.saveAutoMode(requireUser(request), request.body),
    }),
  );
}

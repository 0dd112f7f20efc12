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
 * A list item the service's article cache hands out (the same object while the article is unchanged) is
 * encoded once, not on every page that shows it: encoding the articles and converting the text to bytes was
 * most of a cached page's cost. The first encoding is checked against the schema like any other response.
 */
const encodedArticles = new WeakMap<Article, Buffer>();
const articleListSchema = articlePageResponseSchema.shape.data;
const DATA_START = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/** The list route's 200 serializer as above; its other answers use the app's usual one. */
const articlePageSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  // Fastify types `schema` as the route's whole schema, but passes the one response schema being compiled.
  if (route.httpStatus !== '200') return serializerCompiler(route as Parameters<FastifySerializerCompiler<ZodType>>[0]);
  const encode = (article: Article) => {
    let encoded = encodedArticles.get(article);
    if (encoded === undefined) {
      const checked = articleListSchema.element.safeEncode(article);
      if (!checked.success) throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
      encoded = Buffer.from(JSON.stringify(checked.data));
      encodedArticles.set(article, encoded);
    }
    return encoded;
  };
  return (page: ArticlePageResponse) => {
    const pagination = JSON.stringify(paginationSchema.encode(page.pagination));
    const parts: Buffer[] = [DATA_START];
    for (const [index, article] of page.data.entries()) {
      if (index > 0) parts.push(COMMA);
      parts.push(encode(article));
    }
    parts.push(Buffer.from(`],"pagination":${pagination}}`));
    // Fastify sends a Buffer as it is; its type only names strings.
    return Buffer.concat(parts) as unknown as string;
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

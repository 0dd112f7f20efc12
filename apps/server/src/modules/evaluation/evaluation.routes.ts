import { idParamsSchema, okSchema } from '@mining-hub/contract/common';
import { errorBodySchema } from '@mining-hub/contract/errors';
import {
  addArticleToSetRequestSchema,
  createEvaluationSetRequestSchema,
  evaluationItemInputSchema,
  evaluationItemResponseSchema,
  evaluationRunDetailResponseSchema,
  evaluationRunListResponseSchema,
  evaluationRunResponseSchema,
  evaluationSetDetailResponseSchema,
  evaluationSetListResponseSchema,
  evaluationSetResponseSchema,
  importEvaluationItemsRequestSchema,
  importEvaluationItemsResponseSchema,
  modelPricesRequestSchema,
  modelPricesResponseSchema,
  setItemParamsSchema,
  startEvaluationRequestSchema,
  updateEvaluationSetRequestSchema,
} from '@mining-hub/contract/evaluation';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { EvaluationService } from './evaluation.service.ts';

const tags = ['evaluation'];
const admin = { role: 'admin' as const };
const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * Evaluation sets and runs (issue 36). Admins only, except that members list the sets and add reviewed
 * articles to one (from the article's detail).
 */
export function registerEvaluationRoutes(app: ZodApp, deps: { evaluation: EvaluationService }): void {
  const { evaluation } = deps;

  app.get(
    '/api/v1/evaluation-sets',
    { schema: { tags, response: { 200: evaluationSetListResponseSchema } } },
    async () => ({
      success: true as const,
      data: await evaluation.listSets(),
    }),
  );

  app.post(
    '/api/v1/evaluation-sets',
    {
      config: admin,
      schema: {
        tags,
        body: createEvaluationSetRequestSchema,
        response: { 201: evaluationSetResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ success: true as const, data: await evaluation.createSet(request.body) }),
  );

  app.get(
    '/api/v1/evaluation-sets/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: evaluationSetDetailResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ success: true as const, data: await evaluation.getSet(request.params.id) }),
  );

  app.put(
    '/api/v1/evaluation-sets/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateEvaluationSetRequestSchema,
        response: { 200: evaluationSetResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await evaluation.updateSet(request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/evaluation-sets/:id',
    {
      config: admin,
      schema: { tags, params: idParamsSchema, response: { 200: okSchema, 404: errorBodySchema, 409: errorBodySchema } },
    },
    async (request) => {
      await evaluation.deleteSet(request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/v1/evaluation-sets/:id/items',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: evaluationItemInputSchema,
        response: { 201: evaluationItemResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: await evaluation.addItem(request.params.id, request.body) }),
  );

  app.delete(
    '/api/v1/evaluation-sets/:id/items/:itemId',
    { config: admin, schema: { tags, params: setItemParamsSchema, response: { 200: okSchema, 404: errorBodySchema } } },
    async (request) => {
      await evaluation.removeItem(request.params.id, request.params.itemId);
      return { success: true as const };
    },
  );

  // Members too: a reviewer adds an analysed article they can see, with the fields they corrected.
  app.post(
    '/api/v1/evaluation-sets/:id/articles',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: addArticleToSetRequestSchema,
        response: { 201: evaluationItemResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const item = await evaluation.addArticle(
        requireUser(request),
        request.params.id,
        request.body.article_id,
        request.body.expected,
      );
      return reply.status(201).send({ success: true as const, data: item });
    },
  );

  app.post(
    '/api/v1/evaluation-sets/:id/import',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: importEvaluationItemsRequestSchema,
        response: { 200: importEvaluationItemsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await evaluation.importJsonl(request.params.id, request.body.jsonl),
    }),
  );

  app.get(
    '/api/v1/evaluation-sets/:id/export',
    { config: admin, schema: { tags, params: idParamsSchema, produces: ['application/x-ndjson'] } },
    async (request, reply) => {
      const { set, jsonl } = await evaluation.exportJsonl(request.params.id);
      const filename = `${set.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'evaluation-set'}.jsonl`;
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(jsonl);
    },
  );

  app.post(
    '/api/v1/prompts/:id/evaluations',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: startEvaluationRequestSchema,
        response: { 202: evaluationRunResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, email } = requireUser(request);
      const run = await evaluation.startRun(request.params.id, request.body, { id, email });
      return reply.status(202).send({ success: true as const, data: run });
    },
  );

  app.get(
    '/api/v1/prompts/:id/evaluations',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: evaluationRunListResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ success: true as const, data: await evaluation.listRuns(request.params.id) }),
  );

  app.get(
    '/api/v1/evaluations/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: evaluationRunDetailResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => ({ success: true as const, data: await evaluation.getRun(request.params.id) }),
  );

  app.post(
    '/api/v1/evaluations/:id/cancel',
    {
      config: admin,
      schema: { tags, params: idParamsSchema, response: { 200: evaluationRunResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, data: await evaluation.cancelRun(request.params.id) }),
  );

  app.get(
    '/api/v1/evaluation-prices',
    { config: admin, schema: { tags, response: { 200: modelPricesResponseSchema } } },
    async () => ({ success: true as const, data: await evaluation.listPrices() }),
  );

  app.put(
    '/api/v1/evaluation-prices',
    {
      config: admin,
      schema: {
        tags,
        body: modelPricesRequestSchema,
        response: { 200: modelPricesResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ success: true as const, data: await evaluation.replacePrices(request.body.prices) }),
  );
}

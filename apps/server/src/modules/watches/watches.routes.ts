import { idParamsSchema, okSchema } from '@mining-hub/contract/common';
import { errorBodySchema } from '@mining-hub/contract/errors';
import {
  createWatchRequestSchema,
  updateWatchRequestSchema,
  watchListResponseSchema,
  watchResponseSchema,
  watchRunResponseSchema,
  watchRunsResponseSchema,
} from '@mining-hub/contract/watches';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { WatchesService } from './watches.service.ts';

const tags = ['watches'];
const notFoundBody = { 404: errorBodySchema };

/** Watches (`/watches`): saved filters run on a schedule; each belongs to its creator, admins see all. */
export function registerWatchesRoutes(app: ZodApp, deps: { watches: WatchesService }): void {
  const { watches } = deps;

  app.get('/api/v1/watches', { schema: { tags, response: { 200: watchListResponseSchema } } }, async (request) => ({
    success: true as const,
    data: await watches.list(requireUser(request)),
  }));

  app.post(
    '/api/v1/watches',
    {
      schema: {
        tags,
        body: createWatchRequestSchema,
        response: { 201: watchResponseSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const data = await watches.create(requireUser(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/v1/watches/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: watchResponseSchema, ...notFoundBody } } },
    async (request) => ({ success: true as const, data: await watches.get(requireUser(request), request.params.id) }),
  );

  app.patch(
    '/api/v1/watches/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateWatchRequestSchema,
        response: { 200: watchResponseSchema, 400: errorBodySchema, ...notFoundBody },
      },
    },
    async (request) => ({
      success: true as const,
      data: await watches.update(requireUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/watches/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okSchema, ...notFoundBody } } },
    async (request) => {
      await watches.remove(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/v1/watches/:id/run',
    { schema: { tags, params: idParamsSchema, response: { 202: watchRunResponseSchema, ...notFoundBody } } },
    async (request, reply) => {
      const data = await watches.runNow(requireUser(request), request.params.id);
      return reply.code(202).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/v1/watches/:id/runs',
    { schema: { tags, params: idParamsSchema, response: { 200: watchRunsResponseSchema, ...notFoundBody } } },
    async (request) => ({ success: true as const, data: await watches.runs(requireUser(request), request.params.id) }),
  );
}

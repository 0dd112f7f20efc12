import { errorBodySchema } from '@mining-hub/contract/errors';
import {
  dismissalResponseSchema,
  signalParamsSchema,
  signalsPageResponseSchema,
  signalsQuerySchema,
} from '@mining-hub/contract/signals';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { SignalsService } from './signals.service.ts';

const tags = ['signals'];

/** The signals inbox (`/signals`): analysed articles across fetches, ranked by buying intent; dismiss and restore. */
export function registerSignalsRoutes(app: ZodApp, deps: { signals: SignalsService }): void {
  const { signals } = deps;

  app.get(
    '/api/v1/signals',
    {
      schema: {
        tags,
        querystring: signalsQuerySchema,
        response: { 200: signalsPageResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ success: true as const, ...(await signals.list(requireUser(request), request.query)) }),
  );

  for (const [action, change] of [
    ['dismiss', signals.dismiss],
    ['restore', signals.restore],
  ] as const) {
    app.post(
      `/api/v1/article/:id/${action}`,
      {
        schema: {
          tags,
          params: signalParamsSchema,
          response: { 200: dismissalResponseSchema, 404: errorBodySchema },
        },
      },
      async (request) => ({ success: true as const, data: await change(requireUser(request), request.params.id) }),
    );
  }
}

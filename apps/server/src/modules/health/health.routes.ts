import { healthSchema } from '@mining-hub/contract/common';
import { errorBodySchema } from '@mining-hub/contract/errors';
import type { ZodApp } from '../../http/types.ts';
import type { HealthService } from './health.service.ts';

/** `/health` on the site origin: ok only while the database answers. */
export function registerHealthRoutes(app: ZodApp, deps: { health: HealthService }): void {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: errorBodySchema } } },
    async (request, reply) => {
      try {
        await deps.health.checkDatabase();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ detail: 'Database unreachable', code: 'service_unavailable' as const });
      }
    },
  );
}

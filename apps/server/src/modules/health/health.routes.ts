import { sql } from 'kysely';
import { errorBodySchema, healthSchema } from '@mining-hub/contract/common';
import type { Db } from '../../db/client.ts';
import type { ZodApp } from '../../http/types.ts';

/** `/health` on the site origin: ok only while the database answers. */
export function registerHealthRoutes(app: ZodApp, deps: { db: Db }): void {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: errorBodySchema } } },
    async (request, reply) => {
      try {
        await sql`SELECT 1`.execute(deps.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ detail: 'Database unreachable' });
      }
    },
  );
}

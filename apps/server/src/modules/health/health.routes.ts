import { healthSchema, healthUnavailableSchema } from '@mining-hub/contract/common';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../errors.ts';
import type { ZodApp } from '../../http/types.ts';
import type { HealthService } from './health.service.ts';

/**
 * `/health` on the site origin: ok only while the database answers, else 503 saying `database: down` (with
 * Retry-After); says whether the scraper's browser is there. An outage is not logged here: the database
 * handle logs it once, and every open page asks this while it lasts.
 */
export function registerHealthRoutes(app: ZodApp, deps: { health: HealthService }): void {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthUnavailableSchema } } },
    async (request, reply) => {
      const [database, browser] = await Promise.all([deps.health.databaseState(), deps.health.checkBrowser()]);
      if (database.state === 'up') return { status: 'ok' as const, database: 'up' as const, browser };
      if (database.unexpected) request.log.error({ err: database.unexpected }, 'health check: database unreachable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          detail: 'Database unavailable',
          code: 'database_unavailable' as const,
          status: 'unavailable' as const,
          database: 'down' as const,
          browser,
        });
    },
  );
}

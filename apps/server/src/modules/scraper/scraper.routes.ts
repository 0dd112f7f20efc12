import fs from 'node:fs';
import { errorBodySchema } from '@mining-hub/contract/errors';
import {
  scraperControlResponseSchema,
  scraperDeleteResponseSchema,
  scraperFileParamsSchema,
  scraperOutputsResponseSchema,
  scraperProgressResponseSchema,
  scraperStartRequestSchema,
  scraperStatusResponseSchema,
  type ScraperStatus,
} from '@mining-hub/contract/scraper';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import { OUTPUT_CONTENT_TYPES } from './scraper-outputs.ts';
import type { ScraperService } from './scraper.service.ts';

const tags = ['scraper'];
const controlResponses = { 200: scraperControlResponseSchema, 400: errorBodySchema, 409: errorBodySchema };
const controlled = (status: ScraperStatus) => ({ success: true, data: status, error: null });
/** The signed-in user, as the audit log names them. */
const actorOf = (request: FastifyRequest) => {
  const { id, email } = requireUser(request);
  return { id, email };
};

/** The Scraper screen (SPEC.md section 7, Scraper). Control calls answer the status after the call. */
export function registerScraperRoutes(app: ZodApp, deps: { scraper: ScraperService }): void {
  const { scraper } = deps;

  app.get('/api/v1/scraper/status', { schema: { tags, response: { 200: scraperStatusResponseSchema } } }, async () => ({
    success: true as const,
    data: await scraper.status(),
  }));

  app.get(
    '/api/v1/scraper/progress',
    { schema: { tags, response: { 200: scraperProgressResponseSchema } } },
    async () => ({
      success: true as const,
      data: await scraper.progress(),
    }),
  );

  app.get(
    '/api/v1/scraper/outputs',
    { config: { role: 'admin' }, schema: { tags, response: { 200: scraperOutputsResponseSchema } } },
    async () => ({
      success: true as const,
      data: await scraper.outputs(),
    }),
  );

  app.post(
    '/api/v1/scraper/start',
    { config: { role: 'admin' }, schema: { tags, body: scraperStartRequestSchema, response: controlResponses } },
    async (request) => controlled(await scraper.start(request.body, actorOf(request))),
  );
  app.post(
    '/api/v1/scraper/pause',
    { config: { role: 'admin' }, schema: { tags, response: controlResponses } },
    async (request) => controlled(await scraper.pause(actorOf(request))),
  );
  app.post(
    '/api/v1/scraper/resume',
    { config: { role: 'admin' }, schema: { tags, response: controlResponses } },
    async (request) => controlled(await scraper.resume(actorOf(request))),
  );
  app.post(
    '/api/v1/scraper/stop',
    { config: { role: 'admin' }, schema: { tags, response: controlResponses } },
    async (request) => controlled(await scraper.stop(actorOf(request))),
  );

  app.get(
    '/api/v1/scraper/download/:type/:filename',
    // No 2xx schema: the body is the file itself.
    {
      config: { role: 'admin' },
      schema: { tags, params: scraperFileParamsSchema, produces: [...new Set(Object.values(OUTPUT_CONTENT_TYPES))] },
    },
    async (request, reply) => {
      const { type, filename } = request.params;
      const file = await scraper.outputFile(type, filename);
      const stats = await fs.promises.stat(file);
      return reply
        .type(OUTPUT_CONTENT_TYPES[type])
        .header('content-length', stats.size)
        .header('content-disposition', contentDisposition(filename))
        .header('cache-control', 'no-store')
        .send(fs.createReadStream(file));
    },
  );

  app.delete(
    '/api/v1/scraper/outputs/:type/:filename',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: scraperFileParamsSchema,
        response: { 200: scraperDeleteResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await scraper.deleteOutput(request.params.type, request.params.filename, actorOf(request));
      return { success: true as const, detail: `Deleted ${request.params.filename}` };
    },
  );
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

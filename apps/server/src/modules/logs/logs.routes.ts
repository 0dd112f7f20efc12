import { errorBodySchema } from '@mining-hub/contract/errors';
import { logFilesResponseSchema, logReadRequestSchema, logReadResponseSchema } from '@mining-hub/contract/logs';
import type { ZodApp } from '../../http/types.ts';
import type { LogsService } from './logs.service.ts';

const tags = ['logs'];

/** The System Logs screen (SPEC.md section 7, Logs). */
export function registerLogsRoutes(app: ZodApp, deps: { logs: LogsService }): void {
  const { logs } = deps;

  app.get(
    '/api/v1/logs/files',
    { config: { role: 'admin' }, schema: { tags, response: { 200: logFilesResponseSchema } } },
    async () => ({
      success: true as const,
      data: await logs.listFiles(),
    }),
  );

  app.post(
    '/api/v1/logs/read',
    {
      config: { role: 'admin' },
      schema: { tags, body: logReadRequestSchema, response: { 200: logReadResponseSchema, 400: errorBodySchema } },
    },
    async (request) => ({ success: true as const, data: await logs.read(request.body) }),
  );
}

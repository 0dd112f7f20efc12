import { auditListResponseSchema, auditQuerySchema } from '@mining-hub/contract/audit';
import { errorBodySchema } from '@mining-hub/contract/errors';
import type { ZodApp } from '../../http/types.ts';
import type { AuditService } from './audit.service.ts';

/** The Audit Log screen (admin). Read only: no route changes or deletes an entry. */
export function registerAuditRoutes(app: ZodApp, deps: { audit: AuditService }): void {
  app.get(
    '/api/v1/audit-log',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['audit'],
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const { entries, pagination } = await deps.audit.list(request.query);
      return { success: true as const, data: entries, pagination };
    },
  );
}

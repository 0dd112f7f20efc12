import { idParamsSchema } from '@mining-hub/contract/common';
import {
  crmDestinationResponseSchema,
  crmOutboxQuerySchema,
  crmOutboxResponseSchema,
  crmRecordResponseSchema,
} from '@mining-hub/contract/crm';
import { errorBodySchema } from '@mining-hub/contract/errors';
import { appOriginOf, requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { CrmService } from './crm.service.ts';

const tags = ['crm'];

/** The CRM screen: what was pushed (a member's own, everyone's for an admin), its CSV export, and the destination. */
export function registerCrmRoutes(app: ZodApp, deps: { crm: CrmService; publicOrigin: string | undefined }): void {
  app.get(
    '/api/v1/crm-outbox',
    {
      schema: {
        tags,
        querystring: crmOutboxQuerySchema,
        response: { 200: crmOutboxResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const origin = appOriginOf(request, deps.publicOrigin);
      const { records, pagination } = await deps.crm.list(requireUser(request), request.query, origin);
      return { success: true as const, data: records, pagination };
    },
  );

  app.get('/api/v1/crm-outbox/export', { schema: { tags, produces: ['text/csv'] } }, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="crm-outbox.csv"')
      .send(await deps.crm.exportCsv(requireUser(request), appOriginOf(request, deps.publicOrigin))),
  );

  app.get(
    '/api/v1/crm-outbox/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: crmRecordResponseSchema, 404: errorBodySchema } } },
    async (request) => ({
      success: true as const,
      data: await deps.crm.record(requireUser(request), request.params.id, appOriginOf(request, deps.publicOrigin)),
    }),
  );

  app.get(
    '/api/v1/crm/destination',
    { schema: { tags, response: { 200: crmDestinationResponseSchema } } },
    async () => ({ success: true as const, data: deps.crm.destination() }),
  );
}

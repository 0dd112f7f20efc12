import { errorBodySchema } from '@mining-hub/contract/errors';
import { reportQuerySchema, reportSummaryResponseSchema } from '@mining-hub/contract/reports';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['reports'];

/** The Reports page: the summary of a period (1 to 365 days) over what the user can see, and its CSV. */
export function registerReportsRoutes(app: ZodApp, deps: { reports: ReportsService }): void {
  app.get(
    '/api/v1/reports/summary',
    {
      schema: {
        tags,
        querystring: reportQuerySchema,
        response: { 200: reportSummaryResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.reports.summary(requireUser(request), request.query),
    }),
  );

  app.get(
    '/api/v1/reports/summary/export',
    { schema: { tags, querystring: reportQuerySchema, produces: ['text/csv'] } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="report-${request.query.days}-days.csv"`)
        .send(await deps.reports.summaryCsv(requireUser(request), request.query)),
  );
}

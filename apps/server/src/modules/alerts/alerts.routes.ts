import { testAlertRequestSchema, testAlertResponseSchema } from '@mining-hub/contract/alerts';
import { errorBodySchema } from '@mining-hub/contract/errors';
import { appOriginOf } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { AlertsService } from './alerts.service.ts';

/** The watch form's "Send test alert": a sample digest sent at once, with each channel's outcome. */
export function registerAlertsRoutes(
  app: ZodApp,
  deps: { alerts: AlertsService; publicOrigin: string | undefined },
): void {
  app.post(
    '/api/v1/watches/test-alert',
    {
      schema: {
        tags: ['watches'],
        body: testAlertRequestSchema,
        response: { 200: testAlertResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.alerts.sendTest(request.body, appOriginOf(request, deps.publicOrigin)),
    }),
  );
}

import { idParamsSchema, okSchema } from '@mining-hub/contract/common';
import { errorBodySchema } from '@mining-hub/contract/errors';
import { notificationsQuerySchema, notificationsResponseSchema } from '@mining-hub/contract/notifications';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];

/** The bell's notifications (`/notifications`): each user's own. */
export function registerNotificationsRoutes(app: ZodApp, deps: { notifications: NotificationsService }): void {
  const { notifications } = deps;

  app.get(
    '/api/v1/notifications',
    { schema: { tags, querystring: notificationsQuerySchema, response: { 200: notificationsResponseSchema } } },
    async (request) => notifications.list(requireUser(request).id, request.query.unread),
  );

  app.post(
    '/api/v1/notifications/:id/read',
    { schema: { tags, params: idParamsSchema, response: { 200: okSchema, 404: errorBodySchema } } },
    async (request) => {
      await notifications.markRead(requireUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  app.post('/api/v1/notifications/read-all', { schema: { tags, response: { 200: okSchema } } }, async (request) => {
    await notifications.markAllRead(requireUser(request).id);
    return { success: true as const };
  });
}

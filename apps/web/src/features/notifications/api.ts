import { okSchema } from '@mining-hub/contract/common';
import { notificationsResponseSchema } from '@mining-hub/contract/notifications';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const notificationKeys = { all: ['notifications'] as const };

/** The user's newest notifications and the unread count; a live 'notifications_updated' makes it stale. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => apiRequest('/notifications', notificationsResponseSchema, { signal }),
  });

export const markNotificationRead = (id: number) =>
  apiRequest(`/notifications/${id}/read`, okSchema, { method: 'POST' });

export const markAllNotificationsRead = () => apiRequest('/notifications/read-all', okSchema, { method: 'POST' });

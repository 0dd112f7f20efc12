import type { NotificationsResponse } from '@mining-hub/contract/notifications';
import { notFound } from '../../errors.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import type { NewNotification, NotificationsRepository } from './notifications.repository.ts';

/** The bell: a user's in-app notifications; every change tells that user's open pages at once. */
export function createNotificationsService(deps: { repository: NotificationsRepository; bus: LiveBus }) {
  const changed = (userId: number) => deps.bus.publish({ userId }, { type: 'notifications_updated' });

  return {
    /** The user's newest notifications (unread only, if asked) and their unread count. */
    async list(userId: number, unreadOnly: boolean): Promise<NotificationsResponse> {
      const [data, unreadCount] = await Promise.all([
        deps.repository.list(userId, unreadOnly),
        deps.repository.unreadCount(userId),
      ]);
      return { success: true, data, unread_count: unreadCount };
    },

    /** Adds a notification for `userId` and tells their pages. */
    async notify(userId: number, notification: NewNotification): Promise<void> {
      await deps.repository.insert(userId, notification);
      changed(userId);
    },

    /** Marks one read; 404 for another user's (as if it did not exist). */
    async markRead(userId: number, id: number): Promise<void> {
      if (!(await deps.repository.markRead(userId, id))) throw notFound(`Notification ${id} not found`);
      changed(userId);
    },

    async markAllRead(userId: number): Promise<void> {
      await deps.repository.markAllRead(userId);
      changed(userId);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

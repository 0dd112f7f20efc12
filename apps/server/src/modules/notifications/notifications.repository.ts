import type { Notification, NotificationItem } from '@mining-hub/contract/notifications';
import { accountRefsOf } from '../../db/account-refs.ts';
import type { Db } from '../../db/client.ts';

/** The article an item opens: `/signals/{id}` (watch digests, owner alerts). */
const SIGNAL_LINK = /^\/signals\/(\d+)$/;
const articleOf = (item: NotificationItem) => {
  const id = SIGNAL_LINK.exec(item.link)?.[1];
  return id === undefined ? undefined : Number(id);
};

/** The newest notifications a list shows; older ones stay in the table but are not listed. */
const LIST_LIMIT = 50;

export interface NewNotification {
  title: string;
  body: string;
  link: string | null;
  /** One line per signal, each with its link. */
  items?: NotificationItem[];
}

/** In-app notifications, per user. */
export function createNotificationsRepository(db: Db) {
  return {
    async insert(userId: number, notification: NewNotification): Promise<number> {
      const row = await db
        .insertInto('notifications')
        .values({ user_id: userId, ...notification, items: JSON.stringify(notification.items ?? []) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The user's newest notifications (only unread ones with `unreadOnly`), newest first. */
    async list(userId: number, unreadOnly: boolean): Promise<Notification[]> {
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'at', 'title', 'body', 'link', 'items', 'read_at'])
        .where('user_id', '=', userId)
        .$if(unreadOnly, (query) => query.where('read_at', 'is', null))
        .orderBy('id', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      // Each item's account is read now, not stored: a sync or a merge after the alert moves it (one statement).
      const accounts = await accountRefsOf(
        db,
        rows.flatMap((row) => row.items.flatMap((item) => articleOf(item) ?? [])),
      );
      return rows.map(({ read_at, at, items, ...row }) => ({
        ...row,
        items: items.map((item) => {
          const articleId = articleOf(item);
          return { ...item, account: (articleId !== undefined && accounts.get(articleId)) || null };
        }),
        at: at.toISOString(),
        read: read_at !== null,
      }));
    },

    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Marks one of the user's notifications read; false when the user has no such notification. */
    async markRead(userId: number, id: number): Promise<boolean> {
      const row = await db
        .updateTable('notifications')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<Date>('now', [])) }))
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async markAllRead(userId: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: new Date() })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;

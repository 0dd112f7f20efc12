import { z } from 'zod';
import { accountRefSchema, successData } from './common.ts';

export const notificationItemSchema = z.object({
  label: z.string(),
  link: z.string(),
  /** The company page of the signal the item opens (`/signals/{id}`), read when listed; null when none. */
  account: accountRefSchema.optional(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** One in-app notification (the header's bell): a watch digest, for the watch's owner. */
export const notificationSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  title: z.string(),
  body: z.string(),
  /** An app path to open (e.g. the signals inbox), or null. */
  link: z.string().nullable(),
  /** One line per signal, each opening it (`/signals/{id}`); empty for notifications before issue 35. */
  items: z.array(notificationItemSchema),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const notificationsResponseSchema = successData(z.array(notificationSchema)).extend({
  /** Unread notifications in all (the bell's count), whatever the list holds. */
  unread_count: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

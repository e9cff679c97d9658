import { z } from 'zod';

// Each member's notifications, kept by the server: read state per member, surviving restarts, the same in
// every tab and on every instance. The bell lists them; a tab the member allowed to shows new ones as
// browser notifications. Later features (SLA warnings) post into the same store.

/**
 * assigned: a ticket was given to you (by someone else); customer_replied: the customer wrote again on a
 * ticket assigned to you (it was pending, or closed and reopened); mentioned: a note mentions you;
 * new_ticket: a customer opened a ticket (every member); unanswered: an open ticket waited longer than the
 * organisation's unanswered_minutes without a first reply (every member, once per ticket).
 */
export const notificationKind = z.enum([
  'assigned',
  'customer_replied',
  'mentioned',
  'new_ticket',
  'unanswered',
]);
export type NotificationKind = z.infer<typeof notificationKind>;

export const notification = z.object({
  id: z.number(),
  kind: notificationKind,
  /** The ticket it is about: clicking opens it in the inbox. */
  ticket_id: z.number().nullable(),
  /** One line, e.g. "Ravi assigned ticket #12 to you". */
  title: z.string(),
  /** A second line (the customer and group, or the note's text), may be empty. */
  body: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601 when this member read it; null while unread. */
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** Notifications one member keeps: older ones are dropped as new ones arrive. */
export const MAX_NOTIFICATIONS_KEPT = 500;

/** POST /org/getNotifications/ — the caller's, newest first; `before_id` pages on. */
export const notificationsRequest = z.object({
  before_id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  limit: z.number().int().min(1).max(100).default(30),
});
export type NotificationsRequest = z.input<typeof notificationsRequest>;

export const notificationsResponse = z.object({
  notifications: z.array(notification),
  /** The caller's unread notifications in all. */
  unread: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** POST /org/markNotificationsRead/ — these of the caller's notifications, or all of them. */
export const markNotificationsReadRequest = z.union([
  z.object({
    ids: z
      .array(
        z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
      )
      .min(1)
      .max(500),
  }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;
export const markNotificationsReadResponse = z.object({ success: z.boolean(), unread: z.number() });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponse>;

import { z } from 'zod';

// Each member's notifications, kept by the server: read state per member, surviving restarts, the same in
// every tab and on every instance. The bell lists them; a tab the member allowed to shows new ones as
// browser notifications. Later features (SLA warnings) post into the same store.

/**
 * assigned: a ticket was given to you (by someone else); customer_replied: the customer wrote again on a
 * ticket assigned to you and it waits on you again (after your answer, or it was pending, or closed and
 * reopened), once per wait; mentioned: a note mentions you; new_ticket: a customer opened a ticket (every
 * member); unanswered: an Open or In Progress ticket's customer waited longer than the organisation's
 * unanswered_minutes for an answer (every member, once per wait); sla_due_soon / sla_breached: a ticket's
 * SLA clock is within its warning lead / past its due time (the assignee, the admins when unassigned; once
 * per clock).
 */
export const notificationKind = z.enum([
  'assigned',
  'customer_replied',
  'mentioned',
  'new_ticket',
  'unanswered',
  'sla_due_soon',
  'sla_breached',
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
/** Notifications one markNotificationsRead call names at most. */
export const MAX_NOTIFICATIONS_MARKED = 500;

export const notificationMessages = {
  idsOrAll: 'Send the ids of the notifications to mark, or all: true.',
  idsEmpty: 'Send at least one notification id.',
  idsTooMany: `Mark at most ${MAX_NOTIFICATIONS_MARKED} notifications at once.`,
  invalidId: 'The ids must be notification ids.',
  invalidBeforeId: 'The before_id must be a notification id.',
  invalidLimit: 'The limit must be a whole number from 1 to 100.',
} as const;

const notificationId = (error: string) =>
  z
    .number({ error })
    .int({ error })
    .positive({ error })
    .max(2 ** 31 - 1, { error });

/** POST /org/getNotifications/ — the caller's, newest first; `before_id` pages on. */
export const notificationsRequest = z.object({
  before_id: notificationId(notificationMessages.invalidBeforeId).optional(),
  limit: z
    .number({ error: notificationMessages.invalidLimit })
    .int({ error: notificationMessages.invalidLimit })
    .min(1, { error: notificationMessages.invalidLimit })
    .max(100, { error: notificationMessages.invalidLimit })
    .default(30),
});
export type NotificationsRequest = z.input<typeof notificationsRequest>;

export const notificationsResponse = z.object({
  notifications: z.array(notification),
  /** The caller's unread notifications in all. */
  unread: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/**
 * POST /org/markNotificationsRead/ — these of the caller's notifications (`ids`), or all of them
 * (`all: true`): exactly one of the two.
 */
export const markNotificationsReadRequest = z
  .object({
    ids: z
      .array(notificationId(notificationMessages.invalidId), { error: notificationMessages.invalidId })
      .min(1, { error: notificationMessages.idsEmpty })
      .max(MAX_NOTIFICATIONS_MARKED, { error: notificationMessages.idsTooMany })
      .optional(),
    all: z.literal(true, { error: notificationMessages.idsOrAll }).optional(),
  })
  // Named on `ids`: a body-level issue would read as "Request body must be a JSON object."
  .refine((r) => (r.ids === undefined) !== (r.all === undefined), {
    path: ['ids'],
    error: notificationMessages.idsOrAll,
  });
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;
export const markNotificationsReadResponse = z.object({ success: z.boolean(), unread: z.number() });
export type MarkNotificationsReadResponse = z.infer<typeof markNotificationsReadResponse>;

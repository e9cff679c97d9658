import type { Notification, NotificationsResponse } from '@wadesk/contract';
import { ticketPath } from '@/shared/hooks/use-open-ticket';

/** Where a notification's ticket opens: the inbox, where agents work (docs/decisions/0022-member-notifications.md). */
export const NOTIFICATION_TICKET_PATH = ticketPath;

/** Where a burst of browser notifications (several tickets) opens: the inbox too. */
export const NOTIFICATIONS_BURST_PATH = '/inbox';

/** The bell keeps at most this many in memory (the server keeps more; older pages load on demand). */
export const NOTIFICATIONS_SHOWN = 200;

/** A notification that arrived on the event stream, at the top (once, even if a refetch already has it). */
export function withCreated(list: NotificationsResponse, created: Notification): NotificationsResponse {
  if (list.notifications.some((n) => n.id === created.id)) return list;
  return {
    notifications: [created, ...list.notifications].slice(0, NOTIFICATIONS_SHOWN),
    unread: list.unread + (created.read_at === null ? 1 : 0),
  };
}

/** Notifications read (these ids, or all with null), and the server's unread count when it is known. */
export function withRead(
  list: NotificationsResponse,
  ids: readonly number[] | null,
  at: string,
  unread?: number,
): NotificationsResponse {
  const read = ids === null ? null : new Set(ids);
  let newlyRead = 0;
  const notifications = list.notifications.map((n) => {
    if (n.read_at !== null || (read !== null && !read.has(n.id))) return n;
    newlyRead++;
    return { ...n, read_at: at };
  });
  return {
    notifications,
    unread: unread ?? (ids === null ? 0 : Math.max(0, list.unread - newlyRead)),
  };
}

/** An older page appended under what the bell shows. */
export function withOlder(list: NotificationsResponse, older: NotificationsResponse): NotificationsResponse {
  const known = new Set(list.notifications.map((n) => n.id));
  return {
    notifications: [...list.notifications, ...older.notifications.filter((n) => !known.has(n.id))],
    unread: older.unread,
  };
}

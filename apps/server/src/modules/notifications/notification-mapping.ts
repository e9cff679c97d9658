import type { Notification } from '@wadesk/contract';
import type { MemberNotificationRow } from './notifications.schema';

/** The internal view the bus carries (decision 0022): the row less what the wire never shows. */
export type NotificationView = Pick<
  MemberNotificationRow,
  'id' | 'kind' | 'ticketId' | 'title' | 'body' | 'createdAt' | 'readAt'
>;

export function toNotification(row: NotificationView): Notification {
  return {
    id: row.id,
    kind: row.kind,
    ticket_id: row.ticketId,
    title: row.title,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

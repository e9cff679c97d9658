import {
  type MarkNotificationsReadRequest,
  type MarkNotificationsReadResponse,
  markNotificationsReadResponse,
  type NotificationsResponse,
  notificationsResponse,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

/** How many notifications the bell asks for at once. */
export const NOTIFICATIONS_PAGE = 30;

/** The signed-in member's notifications, newest first, and how many are unread (decision 0022). */
export function fetchNotifications(beforeId?: number, signal?: AbortSignal): Promise<NotificationsResponse> {
  return api.post(
    '/org/getNotifications/',
    { limit: NOTIFICATIONS_PAGE, ...(beforeId === undefined ? {} : { before_id: beforeId }) },
    notificationsResponse,
    { signal },
  );
}

/** Marks some (ids) or all of the member's notifications read; every tab hears it as `notifications.read`. */
export function markNotificationsRead(
  request: MarkNotificationsReadRequest,
): Promise<MarkNotificationsReadResponse> {
  return api.post('/org/markNotificationsRead/', request, markNotificationsReadResponse);
}

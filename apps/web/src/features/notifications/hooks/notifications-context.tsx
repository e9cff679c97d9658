import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsResponse } from '@wadesk/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import {
  fetchNotifications,
  markNotificationsRead,
  NOTIFICATIONS_PAGE,
} from '@/features/notifications/api/notifications-api';
import { showBrowserNotification } from '@/features/notifications/utils/browser-notifications';
import {
  NOTIFICATION_TICKET_PATH,
  NOTIFICATIONS_BURST_PATH,
  withCreated,
  withOlder,
  withRead,
} from '@/features/notifications/utils/notification-list';
import { useEventStream } from '@/shared/events/use-event-stream';

/** Notifications arriving within this long of each other are shown by the browser together. */
export const BROWSER_BATCH_MS = 250;

interface NotificationsValue {
  items: readonly Notification[];
  unread: number;
  /** The server has older ones than the bell shows. */
  hasMore: boolean;
  loadOlder(): void;
  markRead(id: number): void;
  markAllRead(): void;
  /** Marks it read and opens its ticket's conversation. */
  open(notification: Notification): void;
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

const now = () => new Date().toISOString();

/**
 * The signed-in member's notifications, kept by the server (decision 0022): the bell's list and unread
 * count, new ones live from the event stream (only this member's reach this tab), read state shared with
 * every tab, and browser notifications where the member allowed them. Mounted once, in the app layout.
 */
export function NotificationsProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [hasMore, setHasMore] = useState(false);
  const list = useQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ signal }) => {
      const page = await fetchNotifications(undefined, signal);
      setHasMore(page.notifications.length === NOTIFICATIONS_PAGE);
      return page;
    },
    enabled,
  });

  const update = useCallback(
    (change: (list: NotificationsResponse) => NotificationsResponse) =>
      queryClient.setQueryData<NotificationsResponse>(notificationKeys.list(), (data) =>
        data ? change(data) : data,
      ),
    [queryClient],
  );

  const markRead = useCallback(
    (ids: number[] | null) => {
      update((data) => withRead(data, ids, now()));
      void markNotificationsRead(ids === null ? { all: true } : { ids })
        .then((answer) => update((data) => ({ ...data, unread: answer.unread })))
        .catch(() => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }));
    },
    [update, queryClient],
  );

  const open = useCallback(
    (notification: Notification) => {
      if (notification.read_at === null) markRead([notification.id]);
      if (notification.ticket_id !== null) void navigate(NOTIFICATION_TICKET_PATH(notification.ticket_id));
    },
    [markRead, navigate],
  );

  // New ones are shown by the browser together when they come in a burst (the first unanswered sweep after
  // a weekend): more than three become one.
  const pending = useRef<Notification[]>([]);
  const flush = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (flush.current) clearTimeout(flush.current);
    },
    [],
  );
  const showInBrowser = useCallback(
    (notification: Notification) => {
      pending.current.push(notification);
      flush.current ??= setTimeout(() => {
        flush.current = null;
        const burst = pending.current.splice(0);
        if (burst.length > 3) {
          showBrowserNotification('wadesk', `${burst.length} new notifications`, 'wadesk-many', () =>
            navigate(NOTIFICATIONS_BURST_PATH),
          );
          return;
        }
        for (const item of burst)
          showBrowserNotification(item.title, item.body, `notification-${item.id}`, () => open(item));
      }, BROWSER_BATCH_MS);
    },
    [navigate, open],
  );

  useEventStream((event) => {
    if (event.type === 'notification.created') {
      update((data) => withCreated(data, event.notification));
      showInBrowser(event.notification);
    }
    if (event.type === 'notifications.read') update((data) => withRead(data, event.ids, now(), event.unread));
    // Events missed while the stream was down are not replayed: ask again.
    if (event.type === 'ready') void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  }, enabled);

  const loadOlder = useCallback(() => {
    const oldest = list.data?.notifications.at(-1);
    if (!oldest) return;
    void fetchNotifications(oldest.id).then((older) => {
      setHasMore(older.notifications.length === NOTIFICATIONS_PAGE);
      update((data) => withOlder(data, older));
    });
  }, [list.data, update]);

  const value = useMemo<NotificationsValue>(
    () => ({
      items: list.data?.notifications ?? [],
      unread: list.data?.unread ?? 0,
      hasMore,
      loadOlder,
      markRead: (id) => markRead([id]),
      markAllRead: () => markRead(null),
      open,
    }),
    [list.data, hasMore, loadOlder, markRead, open],
  );
  // Signed out (a chat opened without an account): no bell at all.
  return (
    <NotificationsContext.Provider value={enabled ? value : null}>{children}</NotificationsContext.Provider>
  );
}

/** The notifications of the signed-in member; null outside the signed-in layout. */
export function useNotifications(): NotificationsValue | null {
  return useContext(NotificationsContext);
}

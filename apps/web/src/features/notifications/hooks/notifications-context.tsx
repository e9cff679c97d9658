import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Ticket } from '@wadesk/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  fetchOpenTickets,
  fetchSettings,
  WATCHED_TICKETS,
} from '@/features/notifications/api/notifications-api';
import { showBrowserNotification } from '@/features/notifications/utils/browser-notifications';
import { notifiedIds } from '@/features/notifications/utils/notified-ids';
import {
  dueUnanswered,
  newTicketText,
  reopenedText,
  unansweredText,
} from '@/features/notifications/utils/unanswered';
import { useEventStream } from '@/shared/events/use-event-stream';
import { useInterval } from '@/shared/hooks/use-interval';
import { placeTicket } from '@/shared/query/ticket-page';

export interface DeskNotification {
  /** `new-12` or `unanswered-12`: one of each per ticket; `reopened-12-<time>`: one per reopen. */
  key: string;
  ticketId: number;
  text: string;
  at: number;
  read: boolean;
}

/** The bell keeps the newest this many. */
export const NOTIFICATIONS_KEPT = 50;
/** How often the open tickets are checked against the unanswered threshold. */
export const UNANSWERED_CHECK_MS = 30_000;
/** The open tickets are asked again this often; ticket events update them in between. */
const OPEN_TICKETS_POLL_MS = 120_000;

interface NotificationsValue {
  items: readonly DeskNotification[];
  unread: number;
  markAllRead(): void;
  /** Opens the ticket's conversation on the dashboard. */
  openTicket(ticketId: number): void;
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

export const notificationKeys = {
  all: ['notifications'] as const,
  openTickets: () => [...notificationKeys.all, 'open-tickets'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

/**
 * The team's notifications for one signed-in tab (decision 0019): a new ticket (from the event stream)
 * and an open ticket still unanswered after the organisation's `unanswered_minutes` (checked here,
 * from the newest open tickets, once per ticket per browser). Mounted once, in the app layout.
 */
export function NotificationsProvider({
  enabled,
  meId = null,
  children,
}: {
  enabled: boolean;
  /** The signed-in member: told when a ticket assigned to them is reopened (decision 0020). */
  meId?: number | null;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<DeskNotification[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const openTickets = useQuery({
    queryKey: notificationKeys.openTickets(),
    queryFn: ({ signal }) => fetchOpenTickets(signal),
    enabled,
    refetchInterval: OPEN_TICKETS_POLL_MS,
  });
  const settings = useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => fetchSettings(signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const openTicket = useCallback(
    (ticketId: number) => {
      setItems((list) => list.map((item) => (item.ticketId === ticketId ? { ...item, read: true } : item)));
      void navigate(`/dashboard?ticket=${ticketId}`);
    },
    [navigate],
  );

  const add = useCallback(
    (fresh: DeskNotification[]) => {
      if (fresh.length === 0) return;
      setItems((list) => {
        const known = new Set(list.map((item) => item.key));
        const added = fresh.filter((item) => !known.has(item.key));
        return [...added.reverse(), ...list].slice(0, NOTIFICATIONS_KEPT);
      });
      // More than three at once (e.g. the first check after a weekend) is one system notification.
      if (fresh.length > 3) {
        showBrowserNotification('wadesk', `${fresh.length} tickets need attention`, 'wadesk-many', () =>
          navigate('/dashboard'),
        );
        return;
      }
      for (const item of fresh)
        showBrowserNotification('wadesk', item.text, item.key, () => openTicket(item.ticketId));
    },
    [navigate, openTicket],
  );

  useEventStream((event) => {
    if (event.type === 'ticket.created') {
      const ticket: Ticket = event.ticket;
      add([
        {
          key: `new-${ticket.id}`,
          ticketId: ticket.id,
          text: newTicketText(ticket),
          at: Date.now(),
          read: false,
        },
      ]);
    }
    // A customer wrote again on a closed ticket within the reopen window: its assignee is told.
    if (event.type === 'ticket.updated' && event.change === 'reopened' && meId !== null) {
      const ticket: Ticket = event.ticket;
      if (ticket.assignee?.id === meId)
        add([
          {
            key: `reopened-${ticket.id}-${ticket.updated_at}`,
            ticketId: ticket.id,
            text: reopenedText(ticket),
            at: Date.now(),
            read: false,
          },
        ]);
    }
    if (event.type === 'ticket.created' || event.type === 'ticket.updated') {
      // The event's ticket says whether it is open now, which is all the watched list needs: no request.
      // A poll in flight is cancelled, as its answer may predate the ticket. (A ticket merged into another
      // is gone from the server; the event does not name it, so it leaves this list at the next poll.)
      const key = notificationKeys.openTickets();
      void queryClient.cancelQueries({ queryKey: key, predicate: (query) => query.state.data !== undefined });
      queryClient.setQueryData<Ticket[]>(key, (open) =>
        open
          ? placeTicket(open, event.ticket, {
              passes: event.ticket.status === 'open',
              limit: WATCHED_TICKETS,
            })
          : open,
      );
    }
    if (event.type === 'ready')
      void queryClient.invalidateQueries({ queryKey: notificationKeys.openTickets() });
  }, enabled);

  useInterval(() => setNow(Date.now()), UNANSWERED_CHECK_MS, enabled);

  const minutes = settings.data?.unanswered_minutes;
  useEffect(() => {
    // Without the threshold (settings not loaded) nothing is alerted: a guessed one would be wrong.
    if (!enabled || minutes === undefined || !openTickets.data) return;
    const due = dueUnanswered(openTickets.data, minutes, now).filter((ticket) => !notifiedIds.has(ticket.id));
    if (due.length === 0) return;
    notifiedIds.add(due.map((ticket) => ticket.id));
    add(
      due.map((ticket) => ({
        key: `unanswered-${ticket.id}`,
        ticketId: ticket.id,
        text: unansweredText(ticket, minutes),
        at: Date.now(),
        read: false,
      })),
    );
  }, [enabled, minutes, openTickets.data, now, add]);

  const value = useMemo<NotificationsValue>(
    () => ({
      items,
      unread: items.filter((item) => !item.read).length,
      markAllRead: () => setItems((list) => list.map((item) => ({ ...item, read: true }))),
      openTicket,
    }),
    [items, openTicket],
  );
  // Signed out (a chat opened without an account): no bell at all.
  return (
    <NotificationsContext.Provider value={enabled ? value : null}>{children}</NotificationsContext.Provider>
  );
}

/** The notifications of the tab; null outside the signed-in layout. */
export function useNotifications(): NotificationsValue | null {
  return useContext(NotificationsContext);
}

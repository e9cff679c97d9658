import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TICKETS_LIMIT, MAX_TICKETS_LIMIT, type Ticket } from '@wadesk/contract';
import { useCallback, useEffect, useState } from 'react';
import type { TicketListFilters } from '@/features/tickets/api/tickets-api';
import {
  ticketKeys,
  ticketStatsQuery,
  ticketsListQuery,
  useShowTicket,
} from '@/features/tickets/api/tickets-queries';
import { TICKET_POLL_MS } from '@/features/tickets/utils/ticket-table';
import { useAuth } from '@/shared/account/auth-context';
import { useEventStream } from '@/shared/events/use-event-stream';

const NO_TICKETS: Ticket[] = [];

/**
 * The organisation's tickets and their stats: polled every 5 s. A ticket event's ticket
 * goes straight into the cached lists (it carries everything a row shows); only the stats are asked
 * again, since their averages cannot be worked out from one ticket. Failures are only logged; the last
 * good answer stays on screen.
 */
export function useTickets(filters: TicketListFilters = {}) {
  const queryClient = useQueryClient();
  const meId = useAuth().user?.id ?? null;
  // How many of the newest tickets the table holds; "Show older tickets" raises it, and the poll keeps it.
  const [limit, setLimit] = useState(DEFAULT_TICKETS_LIMIT);
  const list = useQuery({
    ...ticketsListQuery(limit, filters),
    refetchInterval: TICKET_POLL_MS,
    // The shorter list stays on screen while the longer one loads.
    placeholderData: keepPreviousData,
  });
  const stats = useQuery({ ...ticketStatsQuery(), refetchInterval: TICKET_POLL_MS });
  const showTicket = useShowTicket(meId);

  useEffect(() => {
    if (list.error) console.error('The tickets could not be loaded', list.error);
  }, [list.error]);
  useEffect(() => {
    if (stats.error) console.error('The ticket stats could not be loaded', stats.error);
  }, [stats.error]);

  // The lists and the stats only: an open conversation reloads on its own ticket's events.
  const refetch = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.stats() }),
      ]),
    [queryClient],
  );

  const [manual, setManual] = useState(false);
  const refresh = useCallback(async () => {
    setManual(true);
    try {
      await refetch();
    } finally {
      setManual(false);
    }
  }, [refetch]);

  useEventStream((event) => {
    if (event.type === 'ready') {
      void refetch();
      return;
    }
    if (event.type !== 'ticket.created' && event.type !== 'ticket.updated') return;
    if (event.type === 'ticket.updated' && event.change === 'merged') {
      // The merged-away ticket is gone and the event does not name it: the lists are asked again, and
      // the stats wait for their next poll, so the event still costs one request.
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.stats(), refetchType: 'none' });
      return;
    }
    showTicket(event.ticket, event.type === 'ticket.created' || event.change === 'message');
    void queryClient.invalidateQueries({ queryKey: ticketKeys.stats() });
  });

  const tickets = list.data ?? NO_TICKETS;
  const status = list.data ? 'ready' : list.isError ? 'error' : 'loading';
  const total = stats.data?.total ?? tickets.length;
  /** More tickets exist than the table holds (the server answers the newest `limit`). */
  const hasOlder = tickets.length >= limit && total > tickets.length && limit < MAX_TICKETS_LIMIT;
  const showOlder = useCallback(
    () => setLimit((current) => Math.min(current + DEFAULT_TICKETS_LIMIT, MAX_TICKETS_LIMIT)),
    [],
  );

  return {
    status,
    tickets,
    stats: stats.data ?? null,
    total,
    hasOlder,
    showOlder,
    refreshing: manual || list.isPlaceholderData,
    refresh,
    showTicket,
  } as const;
}

import {
  DEFAULT_TICKETS_LIMIT,
  MAX_TICKETS_LIMIT,
  type Ticket,
  type TicketStatsResponse,
} from '@wadesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useEventStream } from '../../../shared/events/use-event-stream';
import { useInterval } from '../../../shared/hooks/use-interval';
import { fetchTicketStats, fetchTickets } from '../api/tickets-api';
import { TICKET_POLL_MS, upsertTicket } from '../utils/ticket-table';
import { useCoalescedLoad } from './use-coalesced-load';

export interface TicketsState {
  status: 'loading' | 'ready' | 'error';
  tickets: Ticket[];
  stats: TicketStatsResponse | null;
}

/**
 * The organisation's tickets and their stats: polled every 5 s as the spec says, and refetched at once
 * when the event stream reports a ticket opened or changed (the event's ticket is shown before that).
 * Failures are only logged (spec §8); the last good answer stays on screen.
 */
export function useTickets() {
  const [state, setState] = useState<TicketsState>({ status: 'loading', tickets: [], stats: null });
  const [refreshing, setRefreshing] = useState(false);

  // How many of the newest tickets the table holds; "Show older tickets" raises it, and the poll keeps it.
  const [limit, setLimit] = useState(DEFAULT_TICKETS_LIMIT);
  const limitRef = useRef(limit);
  limitRef.current = limit;

  const load = useCallback(async () => {
    const [tickets, stats] = await Promise.allSettled([fetchTickets(limitRef.current), fetchTicketStats()]);
    if (tickets.status === 'rejected') console.error('The tickets could not be loaded', tickets.reason);
    if (stats.status === 'rejected') console.error('The ticket stats could not be loaded', stats.reason);
    setState((previous) => ({
      status: tickets.status === 'fulfilled' ? 'ready' : previous.status === 'ready' ? 'ready' : 'error',
      tickets: tickets.status === 'fulfilled' ? tickets.value : previous.tickets,
      stats: stats.status === 'fulfilled' ? stats.value : previous.stats,
    }));
  }, []);
  const refetch = useCoalescedLoad(load);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await refetch();
    } finally {
      setRefreshing(false);
    }
  }, [refetch]);

  useEffect(() => {
    void refetch();
  }, [refetch]);
  useInterval(() => void refetch(), TICKET_POLL_MS);

  /** Shows a ticket as it is now (a status just set, or one from an event) until the next fetch. */
  const showTicket = useCallback((ticket: Ticket) => {
    setState((previous) => ({ ...previous, tickets: upsertTicket(previous.tickets, ticket) }));
  }, []);

  useEventStream((event) => {
    if (event.type === 'ticket.created' || event.type === 'ticket.updated') {
      showTicket(event.ticket);
      void refetch();
    } else if (event.type === 'ready') void refetch();
  });

  const total = state.stats?.total ?? state.tickets.length;
  /** More tickets exist than the table holds (the server answers the newest `limit`). */
  const hasOlder = state.tickets.length >= limit && total > state.tickets.length && limit < MAX_TICKETS_LIMIT;
  const showOlder = useCallback(() => {
    limitRef.current = Math.min(limitRef.current + DEFAULT_TICKETS_LIMIT, MAX_TICKETS_LIMIT);
    setLimit(limitRef.current);
    return refresh();
  }, [refresh]);

  return { ...state, total, hasOlder, showOlder, refreshing, refresh, refetch, showTicket };
}

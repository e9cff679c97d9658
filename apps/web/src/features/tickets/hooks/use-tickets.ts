import type { Ticket, TicketStatsResponse } from '@wadesk/contract';
import { useCallback, useEffect, useState } from 'react';
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

  const load = useCallback(async () => {
    const [tickets, stats] = await Promise.allSettled([fetchTickets(), fetchTicketStats()]);
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

  return { ...state, refreshing, refresh, refetch, showTicket };
}

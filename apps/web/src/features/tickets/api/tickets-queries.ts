import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket, TicketStatus, TicketsResponse } from '@wadesk/contract';
import { useCallback } from 'react';
import { passesListFilters, withShownDetails } from '@/features/tickets/utils/ticket-table';
import { placeTicket } from '@/shared/query/ticket-page';
import {
  fetchCounts,
  fetchTicketDetails,
  fetchTicketStats,
  fetchTickets,
  type TicketListFilters,
  updateTicketStatus,
} from './tickets-api';

/** The tickets feature's query keys; every parameter of a request is part of its key. */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (limit: number, filters: TicketListFilters = {}) =>
    [
      ...ticketKeys.lists(),
      limit,
      filters.assignee ?? 'everyone',
      filters.labelId ?? 'any',
      filters.sla ?? 'any-sla',
    ] as const,
  stats: () => [...ticketKeys.all, 'stats'] as const,
  details: (ticketId: number) => [...ticketKeys.all, 'details', ticketId] as const,
  /** The dashboard's sessions, groups and agents counts. */
  counts: () => ['dashboard-counts'] as const,
};

export const ticketsListQuery = (limit: number, filters: TicketListFilters = {}) =>
  queryOptions({
    queryKey: ticketKeys.list(limit, filters),
    queryFn: ({ signal }) => fetchTickets(limit, signal, filters),
  });

export const ticketStatsQuery = () =>
  queryOptions({ queryKey: ticketKeys.stats(), queryFn: ({ signal }) => fetchTicketStats(signal) });

export const ticketDetailsQuery = (ticketId: number) =>
  queryOptions({
    queryKey: ticketKeys.details(ticketId),
    queryFn: ({ signal }) => fetchTicketDetails(ticketId, signal),
  });

export const countsQuery = () =>
  queryOptions({ queryKey: ticketKeys.counts(), queryFn: ({ signal }) => fetchCounts(signal) });

/** The page size and filters a cached list was asked with, read back from its key (ticketKeys.list). */
function listOf(key: QueryKey): { limit: number; filters: TicketListFilters } {
  const [, , limit, assignee, labelId, sla] = key;
  return {
    limit: Number(limit),
    filters: {
      ...(assignee === 'me' || assignee === 'unassigned' ? { assignee } : {}),
      ...(typeof labelId === 'number' ? { labelId } : {}),
      ...(sla === 'due_soon' || sla === 'breached' ? { sla } : {}),
    },
  };
}

/**
 * Shows a ticket as it is now (a status just set, or one from an event) in every cached list, where the
 * server would answer it: in place, newly in a list whose filters it now passes, or gone from one it no
 * longer passes. `fromEngine`: the ticket comes from the ticket engine's event, which does not carry the
 * labels; one not yet in a label's list cannot have gained that label from the engine. A fetch in flight
 * is cancelled first (its answer may predate the ticket and would put the older state back), then asked again.
 */
export function useShowTicket(meId: number | null) {
  const queryClient = useQueryClient();
  return useCallback(
    (ticket: Ticket, fromEngine = false) => {
      const lists = { queryKey: ticketKeys.lists() };
      const cancelled = queryClient
        .getQueryCache()
        .findAll({ ...lists, fetchStatus: 'fetching', predicate: (query) => query.state.data !== undefined })
        .map((query) => query.queryKey);
      void queryClient.cancelQueries({ ...lists, predicate: (query) => query.state.data !== undefined });
      for (const [key, page] of queryClient.getQueriesData<TicketsResponse>(lists)) {
        if (!page) continue;
        const { limit, filters } = listOf(key);
        const listed = page.find((item) => item.id === ticket.id);
        const shown = fromEngine ? withShownDetails(ticket, listed) : ticket;
        const passes = passesListFilters(shown, filters, meId, listed !== undefined);
        queryClient.setQueryData<TicketsResponse>(key, placeTicket(page, shown, { passes, limit }));
      }
      // A fetch cancelled above was asked for a reason this ticket may not cover (after a merge, the
      // merged-away ticket's removal): it is asked again, now that its answer cannot predate the event.
      for (const queryKey of cancelled) void queryClient.invalidateQueries({ queryKey, exact: true });
    },
    [queryClient, meId],
  );
}

/**
 * Sets a ticket's status (POST /org/updateTicketStatus/). A poll in flight is cancelled first, so its
 * older answer cannot undo the status shown meanwhile; the lists and stats are fetched again after.
 */
export function useUpdateTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, status }: { ticketId: number; status: TicketStatus }) =>
      updateTicketStatus(ticketId, status),
    onMutate: () => queryClient.cancelQueries({ queryKey: ticketKeys.lists() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

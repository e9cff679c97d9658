import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket, TicketStatus, TicketsResponse } from '@wadesk/contract';
import { upsertTicket } from '@/features/tickets/utils/ticket-table';
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
    [...ticketKeys.lists(), limit, filters.assignee ?? 'everyone', filters.labelId ?? 'any'] as const,
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

/**
 * Shows a ticket as it is now (a status just set, or one from an event) in every cached list. `fromEngine`:
 * the ticket comes from the ticket engine's event, which never changes labels and does not carry them.
 */
export function useShowTicket() {
  const queryClient = useQueryClient();
  return (ticket: Ticket, fromEngine = false) =>
    queryClient.setQueriesData<TicketsResponse>({ queryKey: ticketKeys.lists() }, (tickets) =>
      tickets ? upsertTicket(tickets, ticket, fromEngine) : tickets,
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

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket, TicketStatus, TicketsResponse } from '@wadesk/contract';
import { upsertTicket } from '../utils/ticket-table';
import {
  fetchCounts,
  fetchTicketDetails,
  fetchTicketStats,
  fetchTickets,
  updateTicketStatus,
} from './tickets-api';

/** The tickets feature's query keys; every parameter of a request is part of its key. */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (limit: number) => [...ticketKeys.lists(), limit] as const,
  stats: () => [...ticketKeys.all, 'stats'] as const,
  details: (ticketId: number) => [...ticketKeys.all, 'details', ticketId] as const,
  /** The dashboard's sessions, groups and agents counts. */
  counts: () => ['dashboard-counts'] as const,
};

export const ticketsListQuery = (limit: number) =>
  queryOptions({ queryKey: ticketKeys.list(limit), queryFn: ({ signal }) => fetchTickets(limit, signal) });

export const ticketStatsQuery = () =>
  queryOptions({ queryKey: ticketKeys.stats(), queryFn: ({ signal }) => fetchTicketStats(signal) });

export const ticketDetailsQuery = (ticketId: number) =>
  queryOptions({
    queryKey: ticketKeys.details(ticketId),
    queryFn: ({ signal }) => fetchTicketDetails(ticketId, signal),
  });

export const countsQuery = () =>
  queryOptions({ queryKey: ticketKeys.counts(), queryFn: ({ signal }) => fetchCounts(signal) });

/** Shows a ticket as it is now (a status just set, or one from an event) in every cached list. */
export function useShowTicket() {
  const queryClient = useQueryClient();
  return (ticket: Ticket) =>
    queryClient.setQueriesData<TicketsResponse>({ queryKey: ticketKeys.lists() }, (tickets) =>
      tickets ? upsertTicket(tickets, ticket) : tickets,
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

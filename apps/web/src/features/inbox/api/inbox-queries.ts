import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkUpdateTicketsRequest, InboxView } from '@wadesk/contract';
import { membersListQuery } from '@/shared/api/directory-queries';
import { bulkUpdateTickets, fetchCustomerTickets, fetchInbox, fetchLabels } from './inbox-api';

// Under the tickets feature's root key ['tickets'] on purpose: a change made in the conversation (assignee,
// labels, a reply: the tickets feature invalidates ['tickets']) asks the inbox again too.
export const inboxKeys = {
  all: ['tickets', 'inbox'] as const,
  list: (view: InboxView, q: string) => [...inboxKeys.all, 'list', view, q] as const,
  customer: (ticketId: number) => [...inboxKeys.all, 'customer', ticketId] as const,
};

export const inboxQuery = (view: InboxView, q: string) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(view, q),
    queryFn: ({ pageParam, signal }) =>
      fetchInbox({ view, ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The labels, under the key the tickets feature caches them with (['tickets', 'labels']). */
export const inboxLabelsQuery = () =>
  queryOptions({ queryKey: ['tickets', 'labels'] as const, queryFn: ({ signal }) => fetchLabels(signal) });

/** Members to assign to, by name; they change rarely (fetched once per minute at most). */
export const inboxMembersQuery = () =>
  queryOptions({
    ...membersListQuery(),
    staleTime: 60_000,
    select: (answer) =>
      answer.members.map((member) => ({
        id: member.id,
        name: `${member.first_name} ${member.last_name}`.trim(),
      })),
  });

export const customerTicketsQuery = (ticketId: number) =>
  queryOptions({
    queryKey: inboxKeys.customer(ticketId),
    queryFn: ({ signal }) => fetchCustomerTickets(ticketId, signal),
  });

/** A bulk change (or a shortcut's change of one ticket); every ticket list is asked again after. */
export function useBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkUpdateTicketsRequest) => bulkUpdateTickets(request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

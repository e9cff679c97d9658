import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  BulkUpdateTicketsRequest,
  InboxResponse,
  InboxView,
  ReportDrillDown,
  SlaFilter,
  Ticket,
} from '@wadesk/contract';
import { passesView, patchInboxPages, withFirstPage } from '@/features/inbox/utils/inbox-list';
import { useAuth } from '@/shared/account/auth-context';
import { membersListQuery } from '@/shared/api/directory-queries';
import { encodeReportDrill } from '@/shared/format/report-link';
import { bulkUpdateTickets, fetchCustomerTickets, fetchInbox, fetchLabels } from './inbox-api';

// The views' pages are not under the tickets feature's root key ['tickets'], which every ticket change
// invalidates: that asked every loaded page of every cached view again per change. A change reaches the
// views as its ticket.updated event (or, for the inbox's own changes, the answer's tickets), in place.
// The customer history stays under ['tickets']: one request for the open ticket, which a merge or split
// made in the conversation changes.
export const inboxKeys = {
  all: ['inbox'] as const,
  lists: () => [...inboxKeys.all, 'list'] as const,
  /** `sla`: the SLA filter, null for none; `report`: the Reports drill-down (the tickets of one row), null for none. */
  list: (view: InboxView, q: string, sla: SlaFilter | null, report: ReportDrillDown | null) =>
    [
      ...inboxKeys.lists(),
      view,
      q,
      sla ?? 'any-sla',
      report ? encodeReportDrill(report) : 'no-report',
    ] as const,
  customer: (ticketId: number) => ['tickets', 'inbox-customer', ticketId] as const,
};

/** What narrows a view: a search, an SLA filter, a Reports drill-down. */
export interface InboxFilters {
  q: string;
  sla: SlaFilter | null;
  report: ReportDrillDown | null;
}

/** A view's request: what is not set is left out. */
const inboxRequest = (view: InboxView, { q, sla, report }: InboxFilters, cursor = '') => ({
  view,
  ...(q ? { q } : {}),
  ...(sla ? { sla } : {}),
  ...(report ? { report } : {}),
  ...(cursor ? { cursor } : {}),
});

export const inboxQuery = (view: InboxView, filters: InboxFilters) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(view, filters.q, filters.sla, filters.report),
    queryFn: ({ pageParam, signal }) => fetchInbox(inboxRequest(view, filters, pageParam), signal),
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

/**
 * A ticket as it is now in every cached view: changed in place, or out of a view it left (no request; where
 * a ticket not listed sorts only the server knows, see patchInboxPages). A view filtered by SLA loses a
 * closed ticket (its clocks stopped); whether another still passes only the clocks say (`sla.changed`). A view
 * of a report row's tickets (`report`) keeps a listed ticket: which row it counts for is the server's to say,
 * on the view's next fetch.
 */
export function patchInboxLists(queryClient: QueryClient, ticket: Ticket, meId: number | null): void {
  for (const [key] of queryClient.getQueriesData<InfiniteData<InboxResponse>>({
    queryKey: inboxKeys.lists(),
  })) {
    const view = key[2] as InboxView;
    const bySla = key[4] === 'due_soon' || key[4] === 'breached';
    const passes = passesView(ticket, view, meId) && !(bySla && ticket.status === 'close');
    queryClient.setQueryData<InfiniteData<InboxResponse>>(key, (data) =>
      patchInboxPages(data, ticket, passes),
    );
  }
}

/** Asks a view for its first page again and puts it in front of the cached pages (withFirstPage). */
export async function refreshFirstPage(
  queryClient: QueryClient,
  view: InboxView,
  filters: InboxFilters,
  signal: AbortSignal,
): Promise<void> {
  const first = await fetchInbox(inboxRequest(view, filters), signal);
  queryClient.setQueryData<InfiniteData<InboxResponse>>(
    inboxKeys.list(view, filters.q, filters.sla, filters.report),
    (data) => withFirstPage(data, first),
  );
}

/**
 * A bulk change (or a shortcut's change of one ticket). The answer's tickets are put into the views at once
 * (their events follow and change nothing more); the tickets feature's lists and the open ticket are asked
 * again. A refused or lost call may have changed some tickets: the views are asked again then.
 */
export function useBulkUpdate() {
  const queryClient = useQueryClient();
  const meId = useAuth().user?.id ?? null;
  return useMutation({
    mutationFn: (request: BulkUpdateTicketsRequest) => bulkUpdateTickets(request),
    onSuccess: (answer) => {
      for (const ticket of answer.tickets) patchInboxLists(queryClient, ticket, meId);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: inboxKeys.lists() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}

import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxView } from '@wadesk/contract';
import { useEffect, useMemo } from 'react';
import { type InboxFilters, inboxQuery, patchInboxLists } from '@/features/inbox/api/inbox-queries';
import { useInboxRefresh } from '@/features/inbox/hooks/use-inbox-refresh';
import { inboxTickets } from '@/features/inbox/utils/inbox-list';
import { useAuth } from '@/shared/account/auth-context';
import { useEventStream } from '@/shared/events/use-event-stream';
import { useInterval } from '@/shared/hooks/use-interval';

/**
 * How often a view filtered by SLA is asked again: tickets join "Breaching soon" and "Breached" as time
 * passes, which no event tells.
 */
export const SLA_VIEW_REFRESH_MS = 60_000;

/**
 * One inbox view, page after page (next_cursor), kept live (docs/web-structure.md, live events). A ticket
 * event changes a listed ticket in place, or takes it out of a view it left, without a request. A message
 * (a new ticket, a reopen, one joining a ticket) and a merge or split move tickets in the order, which
 * sorts by the customer's last message: the event does not carry it, so the view is asked again, once per
 * burst of events and for its first page only (use-inbox-refresh.ts).
 *
 * With an SLA filter (`sla`) whether a ticket belongs depends on its clocks, which no ticket event carries:
 * the view is asked again whole (a first page alone would keep tickets that left it) where it would be asked
 * again anyway, after `sla.changed` (a status or label change, a reply: the server computed the clocks
 * again), and every SLA_VIEW_REFRESH_MS. `filters.report` (the Reports drill-down) narrows every request of
 * the view to one report row's tickets.
 */
export function useInbox(view: InboxView, filters: InboxFilters) {
  const queryClient = useQueryClient();
  const meId = useAuth().user?.id ?? null;
  const query = useInfiniteQuery(inboxQuery(view, filters));
  const schedule = useInboxRefresh(view, filters);
  const bySla = filters.sla !== null;
  const refresh = (full: boolean) => schedule(full || bySla);
  useInterval(() => schedule(true), SLA_VIEW_REFRESH_MS, bySla);

  useEffect(() => {
    if (query.error) console.error('The inbox could not be loaded', query.error);
  }, [query.error]);

  useEventStream((event) => {
    if (event.type === 'sla.changed') {
      if (bySla) refresh(true);
      return;
    }
    if (event.type === 'ready') refresh(true);
    else if (event.type === 'ticket.created') refresh(false);
    else if (event.type !== 'ticket.updated') return;
    else if (event.change === 'merged' || event.change === 'split') refresh(true);
    else if (event.change === 'message' || event.change === 'reopened') refresh(false);
    else patchInboxLists(queryClient, event.ticket, meId);
  });

  const tickets = useMemo(() => inboxTickets(query.data), [query.data]);
  return {
    tickets,
    status: query.data ? 'ready' : query.isError ? 'error' : 'loading',
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
    refreshing: query.isFetching && !query.isFetchingNextPage && query.data !== undefined,
  } as const;
}

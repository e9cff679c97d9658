import { useQueryClient } from '@tanstack/react-query';
import type { InboxView } from '@wadesk/contract';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { type InboxFilters, inboxKeys, refreshFirstPage } from '@/features/inbox/api/inbox-queries';
import { encodeReportDrill } from '@/shared/format/report-link';

/** Events that move tickets in a view wait this long for the others of their burst: one request per view. */
export const INBOX_REFRESH_DELAY_MS = 2_000;

/**
 * Asks the shown view again after the events that move tickets in its order, at most once per
 * INBOX_REFRESH_DELAY_MS however many come (many agents, messages every second): the first event starts
 * the wait, the others join it. A refresh asks for the first page only (withFirstPage); `full` (a merge
 * or split, whose ticket leaves no trace in the event, or a reconnected stream) asks for every loaded page.
 * The cached views not shown are only marked stale: they are asked when shown again.
 */
export function useInboxRefresh(view: InboxView, filters: InboxFilters): (full: boolean) => void {
  const queryClient = useQueryClient();
  const { q, sla } = filters;
  const report = filters.report ? encodeReportDrill(filters.report) : null;
  const shown = useRef({ view, filters });
  const wait = useRef<{ timer: ReturnType<typeof setTimeout> | null; full: boolean }>({
    timer: null,
    full: false,
  });
  const inFlight = useRef<AbortController | null>(null);

  useLayoutEffect(() => {
    shown.current = { view, filters };
  });

  // Another view, search or filter is fetched on its own; a wait for the last one, or its answer, is of no use.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view, search and filters are the trigger
  useEffect(
    () => () => {
      if (wait.current.timer !== null) clearTimeout(wait.current.timer);
      wait.current = { timer: null, full: false };
      inFlight.current?.abort();
      inFlight.current = null;
    },
    [view, q, sla, report],
  );

  return useMemo(() => {
    function schedule(full: boolean): void {
      const { view, filters } = shown.current;
      const shownKey = inboxKeys.list(view, filters.q, filters.sla, filters.report);
      void queryClient.invalidateQueries({
        queryKey: inboxKeys.lists(),
        refetchType: 'none',
        predicate: (query) => shownKey.some((part, index) => query.queryKey[index] !== part),
      });
      wait.current.full ||= full;
      if (wait.current.timer === null) wait.current.timer = setTimeout(flush, INBOX_REFRESH_DELAY_MS);
    }

    function flush(): void {
      const full = wait.current.full;
      wait.current = { timer: null, full: false };
      const { view, filters } = shown.current;
      const key = inboxKeys.list(view, filters.q, filters.sla, filters.report);
      const state = queryClient.getQueryState(key);
      if (state?.fetchStatus === 'fetching') {
        // A page is on its way (the next one, or the view itself), and its answer replaces the cached pages
        // as they were when it was asked: this refresh waits for the next turn instead of being lost.
        if (state.data !== undefined) schedule(full);
        return;
      }
      if (full || state?.data === undefined) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      refreshFirstPage(queryClient, view, filters, controller.signal)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.error('The inbox could not be refreshed', error);
        })
        .finally(() => {
          if (inFlight.current === controller) inFlight.current = null;
        });
    }

    return schedule;
  }, [queryClient]);
}

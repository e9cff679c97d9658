import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { countsQuery, ticketKeys } from '@/features/tickets/api/tickets-queries';
import { useEventStream } from '@/shared/events/use-event-stream';

const CHANGES = ['ready', 'agents.updated', 'groups.updated', 'session.status'];

/** The dashboard's sessions, groups and agents counts: fetched on render, and again when they change. */
export function useCounts() {
  const queryClient = useQueryClient();
  const query = useQuery(countsQuery());

  useEffect(() => {
    if (query.error) console.error('The dashboard counts could not be loaded', query.error);
  }, [query.error]);

  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ticketKeys.counts() }),
    [queryClient],
  );
  useEventStream((event) => {
    if (CHANGES.includes(event.type)) void refetch();
  });

  return { counts: query.data ?? null, refetch };
}

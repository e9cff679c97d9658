import type { CountsResponse } from '@wadesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { useEventStream } from '../../../shared/events/use-event-stream';
import { fetchCounts } from '../api/tickets-api';
import { useCoalescedLoad } from './use-coalesced-load';

/** The dashboard's sessions, groups and agents counts: fetched on render, and again when they change. */
export function useCounts() {
  const [counts, setCounts] = useState<CountsResponse | null>(null);
  const load = useCallback(async () => {
    try {
      setCounts(await fetchCounts());
    } catch (error) {
      console.error('The dashboard counts could not be loaded', error);
    }
  }, []);
  const refetch = useCoalescedLoad(load);

  useEffect(() => {
    void refetch();
  }, [refetch]);

  useEventStream((event) => {
    const changes = ['ready', 'agents.updated', 'groups.updated', 'session.status'];
    if (changes.includes(event.type)) void refetch();
  });

  return { counts, refetch };
}

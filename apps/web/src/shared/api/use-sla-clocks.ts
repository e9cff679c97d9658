import { type QueryClient, type UseQueryResult, useQueries, useQueryClient } from '@tanstack/react-query';
import type { SlaClock } from '@wadesk/contract';
import { useCallback, useMemo, useState } from 'react';
import { useEventStream } from '@/shared/events/use-event-stream';
import { useInterval } from '@/shared/hooks/use-interval';
import { slaClockKeys, slaClocksQuery, type TicketClocks } from './sla-clocks';

/** How often "due in" is counted again: the badges speak in minutes. */
export const SLA_TICK_MS = 30_000;

export interface SlaClocks {
  /** A ticket's clocks as last fetched; none while they load, or when no policy applies. */
  of(ticketId: number): readonly SlaClock[];
  /** Now on the server's clock (ms since the epoch), moved on every SLA_TICK_MS. */
  now: number;
}

const NONE: readonly SlaClock[] = [];

interface Combined {
  byTicket: ReadonlyMap<number, readonly SlaClock[]>;
  offsetMs: number;
}

/** The clocks by ticket, and the offset of the freshest answer (the server's clock may have moved since). */
function combine(results: UseQueryResult<TicketClocks>[]): Combined {
  const byTicket = new Map<number, readonly SlaClock[]>();
  let offsetMs = 0;
  let newest = -1;
  for (const result of results) {
    if (!result.data) continue;
    const first = result.data.clocks[0];
    if (first) byTicket.set(first.ticket_id, result.data.clocks);
    if (result.dataUpdatedAt > newest) {
      newest = result.dataUpdatedAt;
      offsetMs = result.data.offsetMs;
    }
  }
  return { byTicket, offsetMs };
}

/** What `sla.changed` asks for: these tickets' clocks again (null: every ticket's). Only those shown are fetched. */
export function refetchSlaClocks(queryClient: QueryClient, ticketIds: readonly number[] | null): void {
  if (ticketIds === null) {
    void queryClient.invalidateQueries({ queryKey: slaClockKeys.all });
    return;
  }
  const changed = new Set(ticketIds);
  void queryClient.invalidateQueries({
    queryKey: slaClockKeys.all,
    predicate: (query) => changed.has(query.queryKey[1] as number),
  });
}

/**
 * The SLA clocks of the tickets shown (one request for all of them, see sla-clocks.ts), and the server's now
 * to count "due in" from: the browser's clock plus the offset the last answer measured, re-read every
 * SLA_TICK_MS so that a badge turns "due soon" or "overdue" on time without asking the server. A
 * `sla.changed` event fetches the named tickets' clocks again (all with null), a reconnected stream every
 * shown ticket's: events missed meanwhile are not replayed.
 */
export function useSlaClocks(ticketIds: readonly number[]): SlaClocks {
  const queryClient = useQueryClient();
  const { byTicket, offsetMs } = useQueries({
    queries: ticketIds.map((ticketId) => slaClocksQuery(ticketId)),
    combine,
  });
  const [browserNow, setBrowserNow] = useState(Date.now);
  useInterval(() => setBrowserNow(Date.now()), SLA_TICK_MS);

  useEventStream((event) => {
    if (event.type === 'ready') refetchSlaClocks(queryClient, null);
    else if (event.type === 'sla.changed') refetchSlaClocks(queryClient, event.ticket_ids);
  });

  const of = useCallback((ticketId: number) => byTicket.get(ticketId) ?? NONE, [byTicket]);
  return useMemo(() => ({ of, now: browserNow + offsetMs }), [of, browserNow, offsetMs]);
}

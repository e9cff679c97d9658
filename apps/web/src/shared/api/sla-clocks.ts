import { queryOptions } from '@tanstack/react-query';
import { type SlaClock, slaClocksResponse } from '@wadesk/contract';
import { api } from './api-client';

// The SLA clocks of the tickets on screen (POST /org/getSlaClocks/). The dashboard's table, the inbox and a
// ticket's conversation show them, so they live here, cached per ticket: a ticket's clocks are asked once
// whichever screen shows it first (opening a listed ticket costs no request). The tickets asked for in the
// same turn of the event loop (a list's first render, an event naming many) share one request.

/** The most tickets the server takes in one request (slaClocksRequest). */
export const SLA_CLOCKS_PER_REQUEST = 2000;

export interface TicketClocks {
  clocks: SlaClock[];
  /**
   * The server's clock minus this browser's when the answer came, in ms: "due in" counts from the server's
   * `now`, which runs ahead of real time when demo mode's simulated clock was moved on.
   */
  offsetMs: number;
}

/** Not under the tickets feature's ['tickets'], which every ticket change invalidates: `sla.changed` says when. */
export const slaClockKeys = {
  all: ['sla-clocks'] as const,
  ticket: (ticketId: number) => [...slaClockKeys.all, ticketId] as const,
};

interface Waiting {
  promise: Promise<TicketClocks>;
  resolve: (clocks: TicketClocks) => void;
  reject: (error: unknown) => void;
}

let batch: Map<number, Waiting> | null = null;

function waiting(): Waiting {
  let resolve: Waiting['resolve'] = () => {};
  let reject: Waiting['reject'] = () => {};
  const promise = new Promise<TicketClocks>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function send(): void {
  const asked = batch;
  batch = null;
  if (!asked) return;
  const ids = [...asked.keys()];
  for (let start = 0; start < ids.length; start += SLA_CLOCKS_PER_REQUEST) {
    const chunk = ids.slice(start, start + SLA_CLOCKS_PER_REQUEST);
    api.post('/org/getSlaClocks/', { ticket_ids: chunk }, slaClocksResponse).then(
      (answer) => {
        const offset = Date.parse(answer.now) - Date.now();
        const offsetMs = Number.isFinite(offset) ? offset : 0;
        const byTicket = new Map<number, SlaClock[]>();
        for (const clock of answer.clocks) {
          const list = byTicket.get(clock.ticket_id) ?? [];
          list.push(clock);
          byTicket.set(clock.ticket_id, list);
        }
        for (const id of chunk) asked.get(id)?.resolve({ clocks: byTicket.get(id) ?? [], offsetMs });
      },
      (error: unknown) => {
        // Logged once per request, not once per ticket.
        console.error('The SLA clocks could not be loaded', error);
        for (const id of chunk) asked.get(id)?.reject(error);
      },
    );
  }
}

/** One ticket's clocks, asked for together with every other ticket asked for in this turn. */
export function fetchTicketClocks(ticketId: number): Promise<TicketClocks> {
  if (batch === null) {
    batch = new Map();
    queueMicrotask(send);
  }
  let entry = batch.get(ticketId);
  if (!entry) {
    entry = waiting();
    batch.set(ticketId, entry);
  }
  return entry.promise;
}

export const slaClocksQuery = (ticketId: number) =>
  queryOptions({
    queryKey: slaClockKeys.ticket(ticketId),
    queryFn: () => fetchTicketClocks(ticketId),
    // The clocks change when the server says so (`sla.changed`); the time left is counted here from them.
    staleTime: Number.POSITIVE_INFINITY,
    // Each ticket's retry would go out as a request of its own; a reconnect or the next `sla.changed` asks again.
    retry: false,
  });

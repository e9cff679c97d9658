import type { InfiniteData } from '@tanstack/react-query';
import type { InboxResponse, InboxTicket, InboxView, Ticket } from '@wadesk/contract';
import { formatDuration } from '@/shared/format/format-duration';

const ACTIVE = new Set(['open', 'in_progress', 'pending']);

/** Whether the server would list this ticket in the view (packages/contract/src/inbox.ts, inboxView). */
export function passesView(ticket: Ticket, view: InboxView, meId: number | null): boolean {
  switch (view) {
    case 'mine':
      return ACTIVE.has(ticket.status) && ticket.assignee !== null && ticket.assignee.id === meId;
    case 'unassigned':
      return ACTIVE.has(ticket.status) && ticket.assignee === null;
    case 'open':
      return ticket.status === 'open' || ticket.status === 'in_progress';
    case 'pending':
      return ticket.status === 'pending';
    case 'closed':
      return ticket.status === 'close';
    case 'all':
      return true;
  }
}

/**
 * A ticket from an event (or a change's answer) in the cached pages of an inbox view: changed in place,
 * keeping its place and its activity times (the event does not carry them; a closed ticket waits for
 * nobody), or gone from a view it no longer passes. A ticket the pages do not hold is left to the next
 * fetch: where it sorts depends on its customer's last message, which only the server knows.
 */
export function patchInboxPages(
  data: InfiniteData<InboxResponse> | undefined,
  ticket: Ticket,
  passes: boolean,
): InfiniteData<InboxResponse> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.tickets.some((item) => item.id === ticket.id)) return page;
    changed = true;
    const tickets = passes
      ? page.tickets.map((item) =>
          item.id === ticket.id
            ? {
                ...item,
                ...ticket,
                waiting_since: ticket.status === 'close' ? null : item.waiting_since,
              }
            : item,
        )
      : page.tickets.filter((item) => item.id !== ticket.id);
    return { ...page, tickets };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * The cached pages of a view with its first page fetched again (and only that: a burst of messages must not
 * cost a request per loaded page). The new first page leads and the list reorders by it; a ticket it holds
 * is dropped from the later pages. The old first page's other tickets (pushed down by the ones that came
 * up) stay after it, above the second page, which starts after them: its cursor, and every later page's,
 * still holds. With one page loaded the new page is the whole answer, its cursor included.
 */
export function withFirstPage(
  data: InfiniteData<InboxResponse> | undefined,
  first: InboxResponse,
): InfiniteData<InboxResponse> {
  const [oldFirst, ...rest] = data?.pages ?? [];
  if (!data || !oldFirst || rest.length === 0) return { pages: [first], pageParams: [''] };
  const fresh = new Set(first.tickets.map((ticket) => ticket.id));
  const notFresh = (ticket: InboxTicket) => !fresh.has(ticket.id);
  return {
    pages: [
      {
        tickets: [...first.tickets, ...oldFirst.tickets.filter(notFresh)],
        next_cursor: oldFirst.next_cursor,
      },
      ...rest.map((page) => ({ ...page, tickets: page.tickets.filter(notFresh) })),
    ],
    pageParams: data.pageParams,
  };
}

/** The pages' tickets in order, each once (a ticket that moved between two fetches of pages is shown first where it was first seen). */
export function inboxTickets(data: InfiniteData<InboxResponse> | undefined): InboxTicket[] {
  if (!data) return [];
  const seen = new Set<number>();
  const all: InboxTicket[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      all.push(ticket);
    }
  }
  return all;
}

/** "waiting 12 min" since `since` (ISO 8601), or null when nobody waits. */
export function waitingLabel(since: string | null, now: number): string | null {
  if (since === null) return null;
  const seconds = (now - Date.parse(since)) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return seconds < 60 ? 'waiting < 1 min' : `waiting ${formatDuration(seconds)}`;
}

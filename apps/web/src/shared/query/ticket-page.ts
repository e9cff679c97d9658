import type { Ticket } from '@wadesk/contract';

/** POST /org/getTickets/'s order: newest first by created_at, then by id. */
export function newestFirst(a: Ticket, b: Ticket): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return b.id - a.id;
}

/**
 * Puts a ticket from an event where the server would now answer it in a cached page: the newest `limit`
 * tickets that pass the page's filters. A ticket that no longer passes leaves; one that passes goes to its
 * place, unless the page is full and it is older than all of it (it belongs to a later page). A page that
 * lost a ticket lacks the next older one until its next fetch.
 */
export function placeTicket(
  page: Ticket[],
  ticket: Ticket,
  { passes, limit }: { passes: boolean; limit: number },
): Ticket[] {
  const rest = page.filter((item) => item.id !== ticket.id);
  if (!passes) return rest.length === page.length ? page : rest;
  const last = rest.at(-1);
  if (rest.length >= limit && last && newestFirst(ticket, last) > 0) return rest;
  return [...rest, ticket].sort(newestFirst).slice(0, limit);
}

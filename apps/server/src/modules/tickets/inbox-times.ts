import { type SQL, sql } from 'drizzle-orm';
import type { TicketMessageRow } from './tickets.schema';

// The inbox's two times on a ticket (decision 0021), recomputed from the conversation where the engine's
// step by step upkeep cannot follow: merge, split, and a refused desk reply. Stored messages do not say
// which were acknowledgements, so here any customer message after the last business reply starts the wait.

/** From a part's messages, oldest first; `openedAt` when no customer wrote in it. */
export function inboxTimes(messages: readonly TicketMessageRow[], openedAt: Date) {
  const lastCustomer = messages.findLast((m) => !m.isBusiness);
  const lastBusiness = messages.findLastIndex((m) => m.isBusiness);
  const waiting = messages.slice(lastBusiness + 1).find((m) => !m.isBusiness);
  return { lastCustomerAt: lastCustomer?.createdAt ?? openedAt, waitingSince: waiting?.createdAt ?? null };
}

/**
 * The customer's first message after the ticket's last business reply, as SQL; business messages for which
 * `ignored` (on the alias `b`) holds do not count as replies.
 */
export function waitingSinceOf(ticketId: number, ignored: SQL = sql`false`): SQL {
  return sql`(select min(m.created_at) from ticket_messages m
    where m.ticket_id = ${ticketId} and not m.is_business and m.created_at > coalesce(
      (select max(b.created_at) from ticket_messages b where b.ticket_id = ${ticketId} and b.is_business
        and not (${ignored})), '-infinity'::timestamptz))`;
}

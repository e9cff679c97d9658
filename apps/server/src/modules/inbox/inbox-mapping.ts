import type { InboxTicket } from '@wadesk/contract';
import { type TicketView, toTicket } from '../tickets/ticket-mapping';

/** A ticket as the inbox lists it: the ticket and its two inbox times (decision 0021). */
export function toInboxTicket(row: TicketView): InboxTicket {
  return {
    ...toTicket(row),
    last_customer_at: row.lastCustomerAt.toISOString(),
    // A closed ticket keeps the column (a member may reopen it) but nobody waits on it.
    waiting_since: row.status === 'close' ? null : (row.waitingSince?.toISOString() ?? null),
  };
}

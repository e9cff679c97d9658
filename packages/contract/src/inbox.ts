import { z } from 'zod';
import { reportDrillDown } from './reports';
import { slaFilter } from './sla';
import { ticket } from './tickets';

// The inbox (/inbox): where agents work tickets all day. Unlike the dashboard's table (newest created first),
// it lists tickets by the customer's last activity, so a customer who writes again comes back to the top.
// Views, search, bulk changes and the customer's other tickets. Any member may call every route here.

export const INBOX_PAGE_SIZE = 50;
/** Tickets one bulk call changes at most. */
export const MAX_BULK_TICKETS = 100;

export const inboxMessages = {
  invalidView: 'Choose a view: mine, unassigned, open, pending, closed or all.',
  invalidCursor: 'That page of the inbox is no longer valid: reload the inbox.',
  invalidLimit: 'The limit must be a whole number from 1 to 100.',
  searchTooLong: 'Search for at most 100 characters.',
  bulkEmpty: 'Choose at least one ticket.',
  bulkTooMany: `Change at most ${MAX_BULK_TICKETS} tickets at once.`,
  /** A bulk `label` skips a ticket that has the label already. */
  labelAlreadyOn: 'That label is already on this ticket.',
  /** A bulk `close` skips a ticket that is closed already. */
  alreadyClosed: 'This ticket is already closed.',
  bulkDone: (count: number) => (count === 1 ? '1 ticket updated.' : `${count} tickets updated.`),
} as const;

/**
 * mine: active tickets assigned to the caller; unassigned: active tickets nobody has; open: Open and In
 * Progress; pending: waiting on the customer; closed; all: every status.
 */
export const inboxView = z.enum(['mine', 'unassigned', 'open', 'pending', 'closed', 'all'], {
  error: inboxMessages.invalidView,
});
export type InboxView = z.infer<typeof inboxView>;

export const INBOX_VIEW_LABELS: Record<InboxView, string> = {
  mine: 'Mine',
  unassigned: 'Unassigned',
  open: 'Open',
  pending: 'Pending',
  closed: 'Closed',
  all: 'All',
};

const id = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int({ error: `${what} must be a number.` })
    .positive({ error: `${what} must be a number.` })
    .max(2 ** 31 - 1, { error: `${what} must be a number.` });
const ticketId = id('ticket_id');

/**
 * POST /org/getInbox/ — one page of the view, most recent customer activity first (then id). `q` searches
 * ticket number ("12" or "#12"), customer name or number, group name and the text of the ticket's messages,
 * case-insensitively; blank means no search. Under three characters it matches the ticket's own fields and
 * number only, not message text (docs/decisions/0021-inbox.md). For the next page send the `next_cursor` received (opaque;
 * 400 `invalidCursor` when it cannot be read).
 */
export const inboxRequest = z.object({
  view: inboxView.default('all'),
  q: z.string().trim().max(100, { error: inboxMessages.searchTooLong }).optional(),
  label_id: id('label_id').optional(),
  /** Only tickets with a running SLA clock breaching soon or breached. */
  sla: slaFilter.optional(),
  /** Only the tickets behind one row of a report (Reports' drill-down). */
  report: reportDrillDown.optional(),
  // Longer than any cursor the server hands out: not one of ours.
  cursor: z
    .string({ error: inboxMessages.invalidCursor })
    .max(200, { error: inboxMessages.invalidCursor })
    .optional(),
  limit: z
    .number({ error: inboxMessages.invalidLimit })
    .int({ error: inboxMessages.invalidLimit })
    .min(1, { error: inboxMessages.invalidLimit })
    .max(100, { error: inboxMessages.invalidLimit })
    .default(INBOX_PAGE_SIZE),
});
export type InboxRequest = z.input<typeof inboxRequest>;

export const inboxTicket = ticket.extend({
  /** ISO 8601: the customer's newest message on this ticket — what the inbox sorts by. */
  last_customer_at: z.string(),
  /**
   * ISO 8601: since when the customer has waited for an answer (their oldest message after the last business
   * reply); null when the last word was the business's or the ticket is closed.
   */
  waiting_since: z.string().nullable(),
});
export type InboxTicket = z.infer<typeof inboxTicket>;

export const inboxResponse = z.object({
  tickets: z.array(inboxTicket),
  /** Send as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type InboxResponse = z.infer<typeof inboxResponse>;

const bulkTicketIds = z
  .array(ticketId)
  .min(1, { error: inboxMessages.bulkEmpty })
  .max(MAX_BULK_TICKETS, { error: inboxMessages.bulkTooMany })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Choose each ticket only once.' });

/**
 * POST /org/bulkUpdateTickets/ — the same change on several tickets, each as its single call would do it
 * (audited and announced per ticket). Tickets the change cannot apply to (another organisation's, gone, a
 * label already on it) are listed in `skipped` with the single call's words; the others are changed.
 * `label` adds the label to each ticket's labels (keeping the others).
 */
export const bulkUpdateTicketsRequest = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('assign'),
      ticket_ids: bulkTicketIds,
      /** null unassigns. */
      assignee_id: id('assignee_id').nullable(),
    }),
    z.object({ action: z.literal('label'), ticket_ids: bulkTicketIds, label_id: id('label_id') }),
    z.object({ action: z.literal('close'), ticket_ids: bulkTicketIds }),
  ],
  { error: 'Choose an action: assign, label or close.' },
);
export type BulkUpdateTicketsRequest = z.infer<typeof bulkUpdateTicketsRequest>;

export const bulkUpdateTicketsResponse = z.object({
  /** True when at least one ticket changed. */
  success: z.boolean(),
  message: z.string(),
  /** The changed tickets, as they are now, in the order asked. */
  tickets: z.array(ticket),
  skipped: z.array(z.object({ ticket_id: z.number(), message: z.string() })),
});
export type BulkUpdateTicketsResponse = z.infer<typeof bulkUpdateTicketsResponse>;

/**
 * POST /org/getCustomerTickets/ — the other tickets of this ticket's customer (same number, or the same
 * WhatsApp id when the number is hidden), in any group of any of the organisation's sessions, newest first,
 * at most 20. 404 for another organisation's ticket.
 */
export const customerTicketsRequest = z.object({ ticket_id: ticketId });
export type CustomerTicketsRequest = z.infer<typeof customerTicketsRequest>;
export const customerTicketsResponse = z.array(ticket);
export type CustomerTicketsResponse = z.infer<typeof customerTicketsResponse>;

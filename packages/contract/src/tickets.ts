import { z } from 'zod';
import { pollState } from './polls';
import { replyState } from './replies';
import { ticketSatisfaction } from './satisfaction';
import { slaFilter } from './sla';

// Support tickets opened from group conversations, and the dashboard's counts: a ticket and its
// conversation messages, ticket statuses, and the /org/... calls.
//
// Rules (server side; the whole transition table is docs/decisions/0020-ticket-lifecycle.md): a live group
// message from someone who is neither an agent of the organisation nor the linked account opens a ticket
// for the group (or, per customer, for its sender) when none is active, else joins it. A message from an
// agent or the linked account is a business message and joins the active ticket (with none, it is not
// part of any ticket); the first business reply moves an `open` ticket to `in_progress` and sets
// first_response_at (to `pending` instead when the organisation's auto_pending is on). A customer message
// on a `pending` ticket moves it back to `in_progress`; one on a `close`d ticket reopens it within the
// organisation's reopen window, else opens a follow-up. A group (or customer) has at most one active
// (open, in_progress or pending) ticket. History sync never opens tickets.

export const ticketMessages = {
  noTicketId: 'Ticket ID must be a number.',
  ticketNotFound: 'That ticket was not found. It may have been merged or removed; reload the list.',
  invalidStatus: 'Choose a status: open, in_progress, pending or close.',
  statusUpdated: 'Ticket status updated.',
  alreadyActive:
    'This group already has an open, in-progress or pending ticket. Close it before reopening this one.',
} as const;

/** Shown as Open, In Progress, Pending (waiting on the customer), Closed. */
export const ticketStatus = z.enum(['open', 'in_progress', 'pending', 'close'], {
  error: ticketMessages.invalidStatus,
});
export type TicketStatus = z.infer<typeof ticketStatus>;

/** The words of each status. */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  pending: 'Pending',
  close: 'Closed',
};

/** The statuses of an active ticket: a group (or, per customer, a customer) has at most one. */
export const ACTIVE_TICKET_STATUSES = ['open', 'in_progress', 'pending'] as const satisfies TicketStatus[];

const ticketId = z
  .number({ error: ticketMessages.noTicketId })
  .int({ error: ticketMessages.noTicketId })
  .positive({ error: ticketMessages.noTicketId })
  .max(2 ** 31 - 1, { error: ticketMessages.noTicketId });

export const ticket = z.object({
  id: z.number(),
  group_name: z.string(),
  /** The customer's display name (push name), or their number when WhatsApp gave no name. */
  customer: z.string(),
  /** The customer's number in E.164 (`+…`), null when WhatsApp hid it. */
  customer_number: z.string().nullable(),
  /** Text of the newest message of the ticket (a media message without caption: e.g. "[image]"). */
  last_message: z.string(),
  status: ticketStatus,
  /** ISO 8601: when the ticket opened (Start Time). */
  created_at: z.string(),
  /** ISO 8601: the newest message or status change (Last Message Time). */
  updated_at: z.string(),
  /** ISO 8601: the first business reply; null before it. */
  first_response_at: z.string().nullable(),
  /** ISO 8601: when it was closed; null while open or in progress (reopening clears it). */
  closed_at: z.string().nullable(),
  session_id: z.string(),
  /** WhatsApp group JID. */
  group_id: z.string(),
  /** The member working the ticket; null while unassigned. */
  assignee: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Who sent the first business reply (an agent's name), shown as "Answered by …" when unassigned. */
  answered_by: z.string().nullable(),
  /** The organisation's labels on this ticket, by name. */
  labels: z.array(z.object({ id: z.number(), name: z.string(), colour: z.string() })),
  /**
   * ISO 8601: when the customer wrote while the ticket waited on them (on a pending ticket, or reopening a
   * closed one); null once a business reply followed.
   */
  customer_replied_at: z.string().nullable(),
  /** The closed ticket this one follows up ("Follow-up of #12"), null for a first contact. */
  follow_up_of: z.number().nullable(),
  /** The satisfaction poll of its last close and the customer's answer; null when none was sent. */
  satisfaction: ticketSatisfaction.nullable(),
});
export type Ticket = z.infer<typeof ticket>;
export type TicketLabel = Ticket['labels'][number];

/**
 * POST /org/getTickets/ — a client may send no body; every field is optional. Newest first (created_at, then
 * id), at most `limit` (default 200, DEFAULT_TICKETS_LIMIT). For the next page send `before_id` = the id of the last ticket
 * received. `status` keeps only those statuses; `assignee` only the caller's (`me`) or nobody's
 * (`unassigned`) tickets, absent = everyone's; `label_id` only tickets with that label.
 */
export const DEFAULT_TICKETS_LIMIT = 200;
/** The most tickets one call answers (the dashboard's "Show older tickets" stops there). */
export const MAX_TICKETS_LIMIT = 2000;

export const ticketsRequest = z.object({
  status: z.array(ticketStatus).max(4).optional(),
  limit: z.number().int().min(1).max(MAX_TICKETS_LIMIT).optional(),
  before_id: ticketId.optional(),
  assignee: z
    .enum(['me', 'unassigned'], { error: 'Choose an assignee filter: me or unassigned.' })
    .optional(),
  label_id: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  /** Only tickets with a running SLA clock breaching soon (within its warning lead) or breached. */
  sla: slaFilter.optional(),
});
export type TicketsRequest = z.infer<typeof ticketsRequest>;

/** The organisation's tickets, newest first. */
export const ticketsResponse = z.array(ticket);
export type TicketsResponse = z.infer<typeof ticketsResponse>;

/** POST /org/getTicketStats/ (empty body): counts over all of the organisation's tickets. */
export const ticketStatsResponse = z.object({
  open: z.number(),
  in_progress: z.number(),
  /** Waiting on the customer. */
  pending: z.number(),
  closed: z.number(),
  /** All four statuses. */
  total: z.number(),
  /** Mean seconds from opening to the first business reply, over tickets that got one; null when none. */
  avg_first_response_seconds: z.number().nullable(),
  /** Mean seconds from opening to closing, over closed tickets; null when none. */
  avg_resolution_seconds: z.number().nullable(),
  /** Active tickets with a running SLA clock within its warning lead (not yet due). */
  sla_due_soon: z.number(),
  /** Active tickets with a running SLA clock past its due time. */
  sla_breached: z.number(),
});
export type TicketStatsResponse = z.infer<typeof ticketStatsResponse>;

export const conversationMessage = z.object({
  id: z.number(),
  /** The sender's number in E.164 when known (the linked account's own number for its messages), else null. */
  sender: z.string().nullable(),
  sender_name: z.string(),
  /** Sent by an agent or the linked account: shown on the right. */
  is_business: z.boolean(),
  message: z.string(),
  /** ISO 8601: when the message was sent. */
  created_at: z.string(),
  /** WhatsApp's id of the message: the WhatsApp Chat page scrolls to it. */
  wa_id: z.string(),
  /**
   * A reply sent from the desk: how far it got (ticks, or refused with why); null for every other message.
   * This server always sends it; optional only so that clients built before it still parse.
   */
  reply: replyState.nullable().optional(),
  /** A poll (sent by the desk or by a customer): its options and current votes; null for other messages. */
  poll: pollState.nullable().optional(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

/** POST /org/getTicketsDetails/ → 200 ticketDetailsResponse; 404 `{message}` for another organisation's ticket. */
export const ticketDetailsRequest = z.object({ ticket_id: ticketId });
export type TicketDetailsRequest = z.infer<typeof ticketDetailsRequest>;

export const ticketDetailsResponse = z.object({
  /** Oldest first. */
  conversations: z.array(conversationMessage),
  ticket,
  /** Internal notes of the team (never sent to WhatsApp), oldest first. */
  notes: z.array(
    z.object({ id: z.number(), author_name: z.string(), body: z.string(), created_at: z.string() }),
  ),
});
export type TicketNote = TicketDetailsResponse['notes'][number];
export type TicketDetailsResponse = z.infer<typeof ticketDetailsResponse>;

/**
 * POST /org/updateTicketStatus/. Any status may be set from any other (pending: waiting on the customer).
 * 400 for an unknown status, 404 for another organisation's ticket, 409 (`alreadyActive`) when reopening a
 * closed ticket while its group (or customer) has another active one. Closing sets closed_at; reopening
 * clears it.
 */
export const updateTicketStatusRequest = z.object({ ticket_id: ticketId, status: ticketStatus });
export type UpdateTicketStatusRequest = z.infer<typeof updateTicketStatusRequest>;

export const updateTicketStatusResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  ticket,
});
export type UpdateTicketStatusResponse = z.infer<typeof updateTicketStatusResponse>;

/**
 * POST /org/getCounts/ (empty body): the dashboard's count cards. `sessions` is what /session-info lists,
 * `groups` what /whatsapp-chat lists (groups of active sessions), `agents` what /agents lists.
 */
export const countsResponse = z.object({
  sessions: z.number(),
  groups: z.number(),
  agents: z.number(),
});
export type CountsResponse = z.infer<typeof countsResponse>;

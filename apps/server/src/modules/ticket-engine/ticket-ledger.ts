import type { TicketRow, TicketStatus } from '../tickets/tickets.schema';

/**
 * The name of a sender with neither a name nor a known number (ticket-engine.ts). The ledger's sender fill
 * replaces it with the number once that is learned.
 */
export const UNKNOWN_SENDER = 'Unknown';

export interface GroupKey {
  organisationId: number;
  sessionId: string;
  groupJid: string;
}

export interface NewTicket extends GroupKey {
  groupName: string;
  customer: string;
  customerNumber: string | null;
  /** null: the group's ticket (watch mode); else the customer's ticket in a per-customer group. */
  customerKey: string | null;
  lastMessage: string;
  at: Date;
  /** The closed ticket of the conversation this one follows up (decision 0020). */
  followUpOf?: number | null;
}

/** A message joining the group's active ticket, and what it changes on the ticket. */
export interface Joining {
  key: GroupKey;
  waId: string;
  sender: string | null;
  senderName: string;
  /**
   * A business reply: records first_response_at once and moves an open ticket to in_progress (any active
   * one to pending when the organisation's auto_pending is on); a customer message moves a pending ticket
   * back to in_progress (decision 0020).
   */
  isBusiness: boolean;
  /**
   * Continues the conversation without moving it: an acknowledgement, or a kind of message that says
   * nothing (decision 0020). It joins, but a pending ticket stays pending.
   */
  still: boolean;
  message: string;
  at: Date;
  /** The group's current name, when known. */
  groupName: string | null;
  /**
   * Per-customer group: joins a per-customer ticket (customer_key set), never the group's watch ticket, and
   * the other way round (docs/decisions/0017).
   */
  perCustomer: boolean;
  /** Per-customer group: the customer's ticket; null (a reply quoting no customer): the one they last wrote in. */
  customerKey: string | null;
  /** The sending agent's number (E.164): its linked member becomes assignee on the first business reply. */
  agentNumber: string | null;
  /** The member who sent it from the desk: recorded on the message, assignee on the first business reply. */
  sentByUserId: number | null;
  /** The ticket a desk reply was typed on: it joins that one while it is active (decision 0018). */
  deskTicketId: number | null;
  /**
   * The desk's own message (the out-of-hours reply, decision 0028): it joins its ticket as the last
   * message and changes nothing else — no first response, status, assignee or end of the customer's wait.
   */
  automatic: boolean;
}

/**
 * `none`: no active ticket to join; `duplicate`: this WhatsApp message already joined one. `assigned`: the
 * message made the ticket's assignee (it was unassigned). `startedWaiting`: the message started the
 * customer's wait (`waiting_since` was null and is set now: the ticket waits on the business again).
 */
export type JoinResult =
  | {
      kind: 'joined';
      ticket: TicketRow;
      assigned: boolean;
      statusBefore: TicketStatus;
      startedWaiting: boolean;
    }
  | { kind: 'none' }
  | { kind: 'duplicate' };

export interface TicketLedgerTx {
  /**
   * Opens a ticket, or answers null when the group already has an active one (perhaps opened a moment ago
   * by another server: the partial unique index makes this insert wait for that transaction, then skip).
   */
  open(ticket: NewTicket): Promise<TicketRow | null>;
  join(joining: Joining): Promise<JoinResult>;
  /**
   * A customer message with no active ticket to join, on the conversation's latest closed ticket (locked):
   * within the organisation's reopen window it is reopened (in progress, same assignee, customer replied);
   * after it, the new ticket follows it up. `none`: no closed ticket, or another server's active ticket
   * appeared meanwhile (the join finds it).
   */
  reopen(ticket: NewTicket): Promise<ReopenResult>;
}

export type ReopenResult =
  | { kind: 'reopened'; ticket: TicketRow }
  | { kind: 'follow_up'; of: number }
  | { kind: 'none' };

/** A stored message of a conversation whose sender's number became known afterwards. */
export interface LearnedSender {
  groupJid: string;
  waId: string;
  /** E.164 */
  number: string;
}

/**
 * What the engine writes, in its own words. The tickets module owns the tickets and their messages and
 * implements this (tickets/ticket-ledger.repository.ts); app.ts hands that to the engine, so the engine
 * owns no table (docs/architecture.md, Layers).
 */
export interface TicketLedger {
  /**
   * Joins each message to its group's active ticket, all in one statement; the results are in input order.
   * At most one message per group: one statement cannot apply two messages to one ticket in order.
   */
  join(joinings: readonly Joining[]): Promise<JoinResult[]>;
  /** Runs `work` in one transaction; anything it throws rolls every statement back. */
  transaction<T>(work: (tx: TicketLedgerTx) => Promise<T>): Promise<T>;
  /**
   * Senders' numbers learned after their messages were ticketed without one, in one organisation's session:
   * the messages and the tickets they opened get the number; nothing is reclassified (docs/decisions/0013).
   * Answers the tickets whose number was filled.
   */
  fillSenders(
    organisationId: number,
    sessionId: string,
    senders: readonly LearnedSender[],
  ): Promise<number[]>;
}

import type { TicketLabel } from '@wadesk/contract';
import { getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { organisations, users } from '../auth/auth.schema';
import { waSessions } from '../sessions/sessions.schema';

// Tickets, their conversations, counters, notes and labels, all written by this module only: the ticket
// engine (modules/ticket-engine) opens and joins tickets through its TicketLedger port, which
// ticket-ledger.repository.ts implements; ticket_stats is kept by its trigger (docs/architecture.md, Layers).

export type TicketStatus = 'open' | 'in_progress' | 'pending' | 'close';

/** The statuses of an active ticket: at most one per group (watch) or per customer (decision 0020). */
export const ACTIVE_STATUSES = sql.raw(`('open', 'in_progress', 'pending')`);

/**
 * What the inbox's search matches besides messages and the ticket number: customer, number and group in one
 * text, joined by line feeds (which a search box cannot type, so no match spans two fields). The index
 * tickets_search_trgm_idx is on exactly this expression.
 */
export function ticketSearchText(t: {
  customer: SQLWrapper;
  customerNumber: SQLWrapper;
  groupName: SQLWrapper;
}) {
  return sql`(${t.customer} || chr(10) || coalesce(${t.customerNumber}, '') || chr(10) || ${t.groupName})`;
}

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    groupJid: text('group_jid').notNull(),
    groupName: text('group_name').notNull(),
    customer: text('customer').notNull(),
    customerNumber: text('customer_number'),
    lastMessage: text('last_message').notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Null for a ticket of a group in watch mode; the customer (`+number`, else their JID) for a ticket
     * opened in per-customer mode.
     */
    customerKey: text('customer_key'),
    /** The member working the ticket: set by a reply from their linked agent phone, or by take/reassign. */
    assigneeId: integer('assignee_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** The name of whoever sent the first business reply ("answered by <agent>"), null before it. */
    answeredBy: text('answered_by'),
    /**
     * When the customer last wrote while the ticket waited on them (a message on a pending ticket, or one
     * that reopened it); cleared by the next business reply (decision 0020).
     */
    customerRepliedAt: timestamp('customer_replied_at', { withTimezone: true }),
    /** The closed ticket this one follows up: its customer wrote again after the reopen window. */
    followUpOf: integer('follow_up_of').references((): AnyPgColumn => tickets.id, { onDelete: 'set null' }),
    /**
     * The customer's newest message on the ticket (any customer message, acknowledgements too): what the
     * inbox sorts by (decision 0021). The opening message's time until another customer message joins.
     */
    lastCustomerAt: timestamp('last_customer_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Since when the customer has waited for an answer: their first message (not an acknowledgement) after
     * the last business reply; null once a business reply followed (decision 0021).
     */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /**
     * The satisfaction poll of its last close (decision 0030): when it was sent, and the customer's answer
     * (1–5, null until they vote); kept by the satisfaction module, which keeps every poll in satisfaction_polls.
     */
    satisfactionAskedAt: timestamp('satisfaction_asked_at', { withTimezone: true }),
    satisfactionScore: smallint('satisfaction_score'),
  },
  (t) => [
    // One active ticket per group (watch mode) and one per customer of a group (per-customer mode), enforced
    // here so that two servers racing on a group cannot both open one.
    uniqueIndex('tickets_one_active_per_group_idx')
      .on(t.organisationId, t.sessionId, t.groupJid)
      .where(sql`${t.status} in ${ACTIVE_STATUSES} and ${t.customerKey} is null`),
    uniqueIndex('tickets_one_active_per_customer_idx')
      .on(t.organisationId, t.sessionId, t.groupJid, t.customerKey)
      .where(sql`${t.status} in ${ACTIVE_STATUSES} and ${t.customerKey} is not null`),
    // The conversation's latest closed ticket, which a customer message may reopen or follow up (decision 0020).
    index('tickets_closed_conversation_idx')
      .on(t.sessionId, t.groupJid, t.customerKey, t.closedAt)
      .where(sql`${t.status} = 'close'`),
    index('tickets_assignee_idx').on(t.assigneeId),
    // Scanned backwards for "newest first"; an ascending index matches ORDER BY … DESC (NULLS FIRST) exactly.
    index('tickets_organisation_created_idx').on(t.organisationId, t.createdAt, t.id),
    index('tickets_organisation_status_idx').on(t.organisationId, t.status),
    // The inbox's views (decision 0021), newest customer activity first: each scanned backwards from the
    // cursor, so a page reads about as many index entries as it shows.
    index('tickets_inbox_idx').on(t.organisationId, t.lastCustomerAt, t.id),
    index('tickets_inbox_open_idx')
      .on(t.organisationId, t.lastCustomerAt, t.id)
      .where(sql`${t.status} in ('open', 'in_progress')`),
    index('tickets_inbox_pending_idx')
      .on(t.organisationId, t.lastCustomerAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('tickets_inbox_assignee_idx')
      .on(t.organisationId, t.assigneeId, t.lastCustomerAt, t.id)
      .where(sql`${t.status} in ${ACTIVE_STATUSES}`),
    // The inbox's search over the customer's name and number and the group's name, one trigram index for
    // the three (decision 0021); the query repeats the expression (ticketSearchText).
    index('tickets_search_trgm_idx').using('gin', sql`${ticketSearchText(t)} gin_trgm_ops`),
    // A customer's other tickets (getCustomerTickets): by number, or by WhatsApp id when it is hidden.
    index('tickets_customer_number_idx').on(t.organisationId, t.customerNumber),
    index('tickets_customer_key_idx')
      .on(t.organisationId, t.customerKey)
      .where(sql`${t.customerNumber} is null`),
    // The unanswered sweep's walk over every organisation's tickets waiting on the business (Open and In
    // Progress with a running wait), oldest wait first (decision 0022).
    index('tickets_waiting_idx')
      .on(t.waitingSince)
      .where(sql`${t.status} in ('open', 'in_progress') and ${t.waitingSince} is not null`),
    check('tickets_status_valid', sql`${t.status} in ('open', 'in_progress', 'pending', 'close')`),
    check('tickets_closed_at_only_when_closed', sql`(${t.status} = 'close') = (${t.closedAt} is not null)`),
  ],
);

/** A ticket's conversation: the group messages that joined it. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    groupJid: text('group_jid').notNull(),
    /** WhatsApp's message id: with session and group, the key that makes a redelivered message a no-op. */
    waId: text('wa_id').notNull(),
    /** E.164 when known. */
    sender: text('sender'),
    senderName: text('sender_name').notNull(),
    isBusiness: boolean('is_business').notNull(),
    message: text('message').notNull(),
    /** When the message was sent (its WhatsApp timestamp). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The member who typed it in the desk's reply box (desk_replies), null for anything else. */
    sentByUserId: integer('sent_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /**
     * A desk reply's echo: what joining it changed on the ticket ('first_response' with answered_by,
     * 'in_progress', 'assigned'), so that WhatsApp refusing the reply undoes exactly that (decision 0018).
     * Emptied once undone.
     */
    echoEffects: text('echo_effects').array().notNull().default(sql`'{}'::text[]`),
    /** A customer message that moves nothing (an acknowledgement): it starts no SLA clock (decision 0028). */
    still: boolean('still').notNull().default(false),
  },
  (t) => [
    uniqueIndex('ticket_messages_key_idx').on(t.sessionId, t.groupJid, t.waId),
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    // Reports count a range's staff replies ticket by ticket: a third or less of the messages (decision 0029).
    index('ticket_messages_business_idx').on(t.ticketId).where(sql`${t.isBusiness}`),
    // The inbox's search of message text (decision 0021), led by the session (btree_gin) so that the index
    // itself keeps another organisation's matching messages out of a search's recheck.
    index('ticket_messages_session_message_trgm_idx').using('gin', t.sessionId, t.message.op('gin_trgm_ops')),
  ],
);

/**
 * Per-organisation ticket counters kept by a trigger on tickets (see its migration): getTicketStats is polled
 * every 5 s by every dashboard, and aggregating 10,000 tickets per call costs 10–40 ms.
 */
export const ticketStats = pgTable(
  'ticket_stats',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /**
     * Striped counters: each database connection adds to its own row (pg_backend_pid() % 8, see the
     * scale-out migration), so ticket changes of different servers never queue on one counter row;
     * getTicketStats sums the organisation's rows.
     */
    shard: smallint('shard').notNull().default(0),
    open: integer('open').notNull().default(0),
    inProgress: integer('in_progress').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    closed: integer('closed').notNull().default(0),
    respondedCount: integer('responded_count').notNull().default(0),
    responseSecondsSum: doublePrecision('response_seconds_sum').notNull().default(0),
    resolvedCount: integer('resolved_count').notNull().default(0),
    resolutionSecondsSum: doublePrecision('resolution_seconds_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.shard] })],
);

/** Internal notes on a ticket: never sent to WhatsApp. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when written: a removed member's notes still say who wrote them. */
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt),
    check('ticket_notes_body_valid', sql`length(${t.body}) between 1 and 4000`),
  ],
);

/** The organisation's ticket labels. */
export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `#rrggbb` */
    colour: text('colour').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('labels_organisation_name_idx').on(t.organisationId, sql`lower(${t.name})`),
    check('labels_name_valid', sql`length(${t.name}) between 1 and 40`),
    check('labels_colour_valid', sql`${t.colour} ~ '^#[0-9a-f]{6}$'`),
  ],
);

export const ticketLabels = pgTable(
  'ticket_labels',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.labelId] }), index('ticket_labels_label_idx').on(t.labelId)],
);

// How the desk shows a ticket, for this module's reads and the inbox's (docs/architecture.md: another module
// may read these tables through this file), so that both say it with the same SQL.

/** A member's name as the desk shows it; `users` is the table's own name in the statement. */
export const memberName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** Labels `l` as the JSON array of TicketLabel a ticket shows, by name: an aggregate over ticket_labels joined to labels. */
export const labelListAggregate = sql`json_agg(json_build_object('id', l.id, 'name', l.name, 'colour', l.colour) order by lower(l.name), l.id)`;

/**
 * A ticket's labels as a JSON array by name, aggregated per row from ticket_labels' primary key, so that a
 * page of tickets is one statement whatever its size.
 */
export const ticketLabelList = sql<TicketLabel[]>`coalesce((
  select ${labelListAggregate}
  from ticket_labels tl join labels l on l.id = tl.label_id where tl.ticket_id = ${tickets.id}), '[]'::json)`;

/** A ticket with its assignee's name and labels (TicketView), from tickets left-joined to its assignee. */
export const ticketViewColumns = {
  ...getTableColumns(tickets),
  assigneeName: sql<string | null>`${memberName}`,
  labels: ticketLabelList,
};

export type TicketRow = typeof tickets.$inferSelect;
export type TicketMessageRow = typeof ticketMessages.$inferSelect;
export type TicketNoteRow = typeof ticketNotes.$inferSelect;

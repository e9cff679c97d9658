import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { agents } from '../agents/agents.schema';
import { organisations, users } from '../auth/auth.schema';
import { tickets } from '../tickets/tickets.schema';

/**
 * Every satisfaction poll (docs/decisions/0030-satisfaction-polls.md): one per close of a ticket, claimed by
 * the insert before the poll is sent (and deleted when it was not), at most one per customer of a group and
 * local day. The customer's vote is kept here against the ticket and whoever closed it.
 */
export const satisfactionPolls = pgTable(
  'satisfaction_polls',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    groupJid: text('group_jid').notNull(),
    /** The ticket's customer (their number, else their key or name): whom the daily limit counts. */
    customer: text('customer').notNull(),
    /** The addresses (phone-number JID, LID) the customer votes from: only their vote counts. */
    customerJids: text('customer_jids').array().notNull(),
    /** The organisation's local date the poll was asked on. */
    askedDay: date('asked_day', { mode: 'string' }).notNull(),
    /** The close it asks about (tickets.closed_at): a ticket reopened and closed again is asked again. */
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closedByUserId: integer('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The agent phone of the member who closed it, when they have one. */
    closedByAgentId: integer('closed_by_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /** The poll message's WhatsApp id; null while it is being sent. */
    pollWaId: text('poll_wa_id'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    /** The customer's answer: 5 (the first option) to 1; null until they vote, or after taking it back. */
    score: smallint('score'),
    votedAt: timestamp('voted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('satisfaction_polls_close_idx').on(t.ticketId, t.closedAt),
    uniqueIndex('satisfaction_polls_daily_idx').on(t.sessionId, t.groupJid, t.customer, t.askedDay),
    // A vote names its poll by session, group and message id.
    index('satisfaction_polls_poll_idx')
      .on(t.sessionId, t.groupJid, t.pollWaId)
      .where(sql`${t.pollWaId} is not null`),
    index('satisfaction_polls_organisation_idx').on(t.organisationId, t.askedAt),
  ],
);

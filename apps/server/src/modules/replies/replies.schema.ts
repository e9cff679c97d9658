import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { organisations, users } from '../auth/auth.schema';
import { waSessions } from '../sessions/sessions.schema';
import { tickets } from '../tickets/tickets.schema';

export type DeskReplyStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

/**
 * Messages the desk sent through a session, kept so that Baileys' `getMessage` can answer a retry receipt
 * with the message (on whichever instance holds the session then), so that the message, when it comes
 * back as the linked account's own, is attributed to the member who typed it, and so that the desk knows
 * what became of it: taken by WhatsApp's server, delivered, read, or refused (decision 0018, reply states).
 */
export const deskReplies = pgTable(
  'desk_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    groupJid: text('group_jid').notNull(),
    /** The id WhatsApp knows the sent message by. */
    waId: text('wa_id').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The sent proto.IMessage as JSON (Baileys' BufferJSON), what `getMessage` answers. */
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** pending → sent → delivered → read, or failed (refused by WhatsApp after it took the socket write). */
    status: text('status').$type<DeskReplyStatus>().notNull().default('pending'),
    /** Failed: the error code WhatsApp's refusal carried, when it carried one. */
    failureCode: text('failure_code'),
    /** Failed: what the session knew of the group then ('announce_only', 'not_member'). */
    refusal: text('refusal'),
    /** The group's members when it was sent, the linked account not counted: all of them have it = delivered. */
    recipients: integer('recipients'),
    /** Failed, then sent again with Retry: the WhatsApp id of the new message ('' while it is being sent). */
    retriedAs: text('retried_as'),
    /** Sent by the desk itself (the out-of-hours reply), not typed by a member: it stops no SLA clock. */
    automatic: boolean('automatic').notNull().default(false),
  },
  (t) => [
    uniqueIndex('desk_replies_key_idx').on(t.sessionId, t.waId),
    index('desk_replies_created_idx').on(t.createdAt),
    check(
      'desk_replies_status_valid',
      sql`${t.status} in ('pending', 'sent', 'delivered', 'read', 'failed')`,
    ),
  ],
);

/** Group members' receipts of a desk reply: when each member's phone got it and when they read it. */
export const deskReplyReceipts = pgTable(
  'desk_reply_receipts',
  {
    deskReplyId: bigint('desk_reply_id', { mode: 'number' })
      .notNull()
      .references(() => deskReplies.id, { onDelete: 'cascade' }),
    /** The member as the group addresses them (a LID in a LID group). */
    memberJid: text('member_jid').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.deskReplyId, t.memberJid] })],
);

/** Saved reply snippets of an organisation, inserted in the reply box by typing `/` and the shortcut. */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('canned_replies_organisation_shortcut_idx').on(t.organisationId, t.shortcut),
    check('canned_replies_shortcut_valid', sql`${t.shortcut} ~ '^[a-z0-9_-]{1,30}$'`),
    check('canned_replies_body_valid', sql`length(${t.body}) between 1 and 4096`),
  ],
);

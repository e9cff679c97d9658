import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { organisations, users } from '../auth/auth.schema';
import { waSessions } from '../sessions/sessions.schema';
import { tickets } from '../tickets/tickets.schema';

/**
 * Messages the desk sent through a session, kept so that Baileys' `getMessage` can answer a retry receipt
 * with the message (on whichever instance holds the session then), and so that the message, when it comes
 * back as the linked account's own, is attributed to the member who typed it.
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
  },
  (t) => [
    uniqueIndex('desk_replies_key_idx').on(t.sessionId, t.waId),
    index('desk_replies_created_idx').on(t.createdAt),
  ],
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

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { organisations, users } from '../auth/auth.schema';

// The chats module's tables (docs/architecture.md, owner table): uploaded export media and saved chats.

/** gzip bytes; drizzle-orm has no built-in bytea column. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A file a user uploaded inside a chat export, kept in object storage under `objectName`. Only its owner
 * may get links for it; saved chats that show it are listed in chat_attachments.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectName: text('object_name').notNull().unique(),
    /** The name inside the export, for downloads; the object name only keeps a sanitised copy. */
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_user_id_idx').on(t.userId),
    check('attachments_size_valid', sql`${t.size} >= 0`),
  ],
);

export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    totalMsgs: integer('total_msgs').notNull(),
    uniqueAuthors: jsonb('unique_authors').$type<string[]>().notNull(),
    /**
     * The chat's whole getSavedChat answer ({data, total_msgs, unique_authors}) as gzip-compressed JSON.
     * A chat is always read and written whole; one compressed value is 8x smaller and several times faster
     * than a row per message on PGlite, and loads are sent to the browser still compressed
     * (docs/decisions/0003-saved-chat-storage.md).
     */
    messages: bytea('messages').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chats_user_id_idx').on(t.userId, t.id),
    check('chats_name_valid', sql`length(${t.name}) between 1 and 200 and ${t.name} = btrim(${t.name})`),
    check('chats_total_msgs_valid', sql`${t.totalMsgs} >= 0`),
  ],
);

/** Which attachments a saved chat shows; one upload may be saved as several chats. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    attachmentId: integer('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.attachmentId] }),
    index('chat_attachments_attachment_id_idx').on(t.attachmentId),
  ],
);

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { waSessions } from '../modules/sessions/sessions.schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * Messages that only acknowledge ("ok", "thanks", "👍"): they join an active ticket but never open one.
     * Null: the default list (modules/settings).
     */
    ackPhrases: text('ack_phrases').array(),
    /** A ticket with no business reply this many minutes after it opened notifies the team. */
    unansweredMinutes: integer('unanswered_minutes').notNull().default(30),
    createdAt: createdAt(),
  },
  (t) => [check('organisations_unanswered_minutes_valid', sql`${t.unansweredMinutes} between 1 and 10080`)],
);

/**
 * owner: everything; admin: sessions, agents, settings; member: tickets and chats
 * (docs/decisions/0016-members-and-roles.md).
 */
export type UserRole = 'owner' | 'admin' | 'member';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    /** argon2id PHC string; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject').unique(),
    /** When the owner of the address proved it (an emailed link, Google, a password reset); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Access tokens issued before this (a password reset, a Google takeover) no longer work. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<UserRole>().notNull(),
    /** The agent phone that is this member's own: replies from it are theirs. One member per agent. */
    agentId: integer('agent_id').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_organisation_id_idx').on(t.organisationId),
    uniqueIndex('users_agent_id_idx').on(t.agentId),
    // The unique index only protects against duplicates if every writer stores the same spelling.
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token rotated from one sign-in shares a family, so reuse of any of them can revoke them all. */
    familyId: uuid('family_id').notNull(),
    /** sha-256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Id of the token this one was exchanged for; set means "already used". */
    replacedBy: integer('replaced_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
);

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

// WhatsApp sessions (modules/sessions) and the WhatsApp message store (modules/messages).
export * from '../modules/messages/messages.schema';
export * from '../modules/sessions/sessions.schema';

// ---------------------------------------------------------------------------------------------------
// Agents and support tickets (modules/agents, modules/tickets).
// ---------------------------------------------------------------------------------------------------

export type AgentUserType = 'owner' | 'user';

/** Support staff recognised by phone number; their group messages are business replies. */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** E.164 with the plus; the engine matches senders by `+` + their digits. */
    number: text('number').notNull(),
    userType: text('user_type').$type<AgentUserType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agents_organisation_number_idx').on(t.organisationId, t.number),
    check('agents_user_type_valid', sql`${t.userType} in ('owner', 'user')`),
    check('agents_number_e164', sql`${t.number} ~ '^\\+[1-9][0-9]{5,14}$'`),
    check('agents_name_valid', sql`length(${t.name}) between 1 and 100`),
  ],
);

export type TicketStatus = 'open' | 'in_progress' | 'close';

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
  },
  (t) => [
    // One active ticket per group (watch mode) and one per customer of a group (per-customer mode), enforced
    // here so that two servers racing on a group cannot both open one.
    uniqueIndex('tickets_one_active_per_group_idx')
      .on(t.organisationId, t.sessionId, t.groupJid)
      .where(sql`${t.status} in ('open', 'in_progress') and ${t.customerKey} is null`),
    uniqueIndex('tickets_one_active_per_customer_idx')
      .on(t.organisationId, t.sessionId, t.groupJid, t.customerKey)
      .where(sql`${t.status} in ('open', 'in_progress') and ${t.customerKey} is not null`),
    index('tickets_assignee_idx').on(t.assigneeId),
    // Scanned backwards for "newest first"; an ascending index matches ORDER BY … DESC (NULLS FIRST) exactly.
    index('tickets_organisation_created_idx').on(t.organisationId, t.createdAt, t.id),
    index('tickets_organisation_status_idx').on(t.organisationId, t.status),
    check('tickets_status_valid', sql`${t.status} in ('open', 'in_progress', 'close')`),
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
  },
  (t) => [
    uniqueIndex('ticket_messages_key_idx').on(t.sessionId, t.groupJid, t.waId),
    index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id),
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
    closed: integer('closed').notNull().default(0),
    respondedCount: integer('responded_count').notNull().default(0),
    responseSecondsSum: doublePrecision('response_seconds_sum').notNull().default(0),
    resolvedCount: integer('resolved_count').notNull().default(0),
    resolutionSecondsSum: doublePrecision('resolution_seconds_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.shard] })],
);

// ---------------------------------------------------------------------------------------------------
// Cross-instance notifications (db/postgres-notifications.ts). Owned by the notifications adapter, not by
// a module; only PostgreSQL uses it.
// ---------------------------------------------------------------------------------------------------

/**
 * Bodies of notifications too large for NOTIFY's ~8000-byte payload: written in the same statement as the
 * NOTIFY that carries their key, read by each listener, deleted a minute later by a later writer.
 */
export const notificationBodies = pgTable(
  'notification_bodies',
  {
    key: uuid('key').primaryKey(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notification_bodies_created_at_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------------------
// State several server instances share through the database (sign-in limits, generated secrets, event
// stream credentials and open streams): nothing here may live in one process's memory.
// ---------------------------------------------------------------------------------------------------------

/** Fixed-window attempt counters of the sign-in limits; `key` is a hash of "ip:…" or "email:…". */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

/** Single-use tokens of emailed links; only a hash is kept, so a leaked table opens no account. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_tokens_user_id_idx').on(t.userId),
    check('email_tokens_purpose_valid', sql`${t.purpose} in ('verify', 'reset')`),
  ],
);

/**
 * Invitations to join an organisation, sent by email. Only the token's hash is kept; a link works once
 * (`acceptedAt`) until it expires or the owner revokes it or invites the address again.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Exclude<UserRole, 'owner'>>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_organisation_idx').on(t.organisationId),
    check('invitations_role_valid', sql`${t.role} in ('admin', 'member')`),
    check('invitations_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Failed sign-ins in a row, per account (`key` = hash of "account:…") and per account and client IP
 * ("pair:…"), for the back-off of auth/login-guard.ts. A row older than the reset age counts from zero.
 * `account` is the account row's key on every row of that account, so a password reset can clear them all.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    account: text('account'),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failures_last_failure_idx').on(t.lastFailureAt),
    index('login_failures_account_idx').on(t.account),
  ],
);

/** Secrets generated on first start when env gives none (JWT, storage signing); the first instance wins. */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Ids (jti) of event-stream tokens already used, kept until the token would have expired anyway. */
export const redeemedStreamTokens = pgTable(
  'redeemed_stream_tokens',
  {
    id: uuid('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('redeemed_stream_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * One row per open event stream on any instance, refreshed by its instance every few seconds: rows that
 * stop being refreshed (a crashed instance) no longer count towards the per-user limit.
 */
export const openEventStreams = pgTable(
  'open_event_streams',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Refresh-token family of the sign-in that opened the stream; null for tokens that carry none. */
    familyId: uuid('family_id'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('open_event_streams_user_idx').on(t.userId, t.lastSeenAt),
    index('open_event_streams_last_seen_idx').on(t.lastSeenAt),
  ],
);

// ---------------------------------------------------------------------------------------------------
// The team desk: replies sent from the desk, notes, labels, canned replies, the audit log.
// ---------------------------------------------------------------------------------------------------

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

/**
 * Who did what and when, per organisation. Written by the services as things happen; the API only reads
 * it, and a trigger refuses updates (see the migration).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The member who did it; no foreign key, so a removed member's entries stay as written. */
    actorId: integer('actor_id'),
    /** Their name and email when it happened; null actor: WhatsApp or the system (e.g. an automatic assignment). */
    actorName: text('actor_name'),
    /** e.g. `auth.sign_in`, `member.invited`, `ticket.status_changed` (contract audit.ts). */
    action: text('action').notNull(),
    /** What it was done to, in words, e.g. "Ticket #12" or "ana@example.com". */
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_organisation_at_idx').on(t.organisationId, t.at, t.id),
    index('audit_log_organisation_action_idx').on(t.organisationId, t.action, t.at),
  ],
);

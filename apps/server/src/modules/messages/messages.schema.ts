import type { GroupSatisfactionPoll } from '@wadesk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { waSessions } from '../sessions/sessions.schema';

// The WhatsApp message store: groups, contacts, group members, messages and the live-message queue the
// ticket engine consumes. Every table hangs off a session (wa_sessions, modules/sessions) and carries its
// organisation where a query filters by it. Re-exported by db/schema.ts for Drizzle.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const waGroups = pgTable(
  'wa_groups',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    jid: text('jid').notNull(),
    organisationId: integer('organisation_id').notNull(),
    name: text('name').notNull(),
    /** 'lid' groups address members by LID; messages then also carry the phone-number JID. */
    addressingMode: text('addressing_mode').notNull().default('pn'),
    size: integer('size').notNull().default(0),
    /** The phone answered that nothing older exists: paging stops asking it. */
    historyComplete: boolean('history_complete').notNull().default(false),
    /**
     * Evidence for the start of the chat: empty answers to requests for messages older than
     * `history_probe_oldest` (a message id), how many, and when the last one came.
     */
    historyProbeOldest: text('history_probe_oldest'),
    historyProbeEmpty: integer('history_probe_empty').notNull().default(0),
    historyProbeAt: timestamp('history_probe_at', { withTimezone: true }),
    /** Background "sync all old messages": null (never ran), running, waiting_phone, done, failed. */
    syncState: text('sync_state'),
    syncFetched: integer('sync_fetched').notNull().default(0),
    syncMessage: text('sync_message'),
    /**
     * When the group was last opened on the desk (POST /api/markGroupRead/); others' messages newer than
     * this are unread. Starts when the desk first sees the group, so its stored history is not unread
     * (docs/decisions/0010-web-whatsapp-screens.md, group list).
     */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * How its messages make tickets: watch (one active ticket for the group), per_customer (one per
     * customer in the group), ignore (messages stored, no tickets). New groups start per customer; groups
     * stored before migration 0020 keep the mode they had (decision 0020).
     */
    ticketMode: text('ticket_mode').$type<GroupTicketMode>().notNull().default('per_customer'),
    /** Whether closing a ticket of the group sends the satisfaction poll: as the organisation, on or off. */
    satisfactionPoll: text('satisfaction_poll')
      .$type<GroupSatisfactionPoll>()
      .notNull()
      .default('organisation'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.jid] }),
    index('wa_groups_organisation_id_idx').on(t.organisationId),
    check('wa_groups_ticket_mode_valid', sql`${t.ticketMode} in ('watch', 'per_customer', 'ignore')`),
    check('wa_groups_satisfaction_poll_valid', sql`${t.satisfactionPoll} in ('organisation', 'on', 'off')`),
  ],
);

export type GroupTicketMode = 'watch' | 'per_customer' | 'ignore';

/** Names and LID/phone-number pairs learned from contacts, push names and history sync. */
export const waContacts = pgTable(
  'wa_contacts',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    jid: text('jid').notNull(),
    name: text('name'),
    /** For a LID contact, its phone-number JID when known (and the reverse). */
    altJid: text('alt_jid'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.jid] })],
);

/** Members of a group as its metadata lists them; a LID member's phone-number JID when WhatsApp gives it. */
export const waGroupParticipants = pgTable(
  'wa_group_participants',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    groupJid: text('group_jid').notNull(),
    jid: text('jid').notNull(),
    altJid: text('alt_jid'),
    /** An admin (or the group's creator) as the metadata last said: may delete others' messages. */
    admin: boolean('admin').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.groupJid, t.jid] })],
);

export const waMessages = pgTable(
  'wa_messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').notNull(),
    groupJid: text('group_jid').notNull(),
    /** `${fromMe}_${group}_${id}_${participant}`, whatsapp-web.js' serialised id; the paging cursor. */
    msgId: text('msg_id').notNull(),
    waId: text('wa_id').notNull(),
    fromMe: boolean('from_me').notNull(),
    author: text('author'),
    /** The other address of the author: the phone-number JID of a LID sender, or the reverse. */
    authorAlt: text('author_alt'),
    authorName: text('author_name'),
    body: text('body').notNull(),
    messageType: text('message_type').notNull(),
    hasMedia: boolean('has_media').notNull(),
    mimetype: text('mimetype'),
    filename: text('filename'),
    /** Base64 JPEG preview of images and videos. */
    thumbnail: text('thumbnail'),
    quotedId: text('quoted_id'),
    quotedParticipant: text('quoted_participant'),
    quotedType: text('quoted_type'),
    quotedBody: text('quoted_body'),
    quotedThumbnail: text('quoted_thumbnail'),
    /** Seconds since the epoch. */
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    /**
     * Proto JSON of every message but plain text: what a media download needs (keys, URLs) and what a reply
     * quoting the message carries (whatsapp/mapping/quoted-message.ts); null for plain text.
     */
    raw: jsonb('raw'),
    /** Object-store name of the downloaded media, once cached. */
    mediaObject: text('media_object'),
    origin: text('origin').notNull(),
    /**
     * A message deleted by a group admin rather than by its author: the admin's JID (the linked account's
     * own for a delete from one of its devices). Null for an author's own delete and every other message.
     */
    revokedBy: text('revoked_by'),
    /** When it was deleted for everyone (the delete's WhatsApp time, seconds); null otherwise. */
    revokedAt: bigint('revoked_at', { mode: 'number' }),
    /**
     * When its author last edited it (the edit's WhatsApp time, seconds); null when never. `body` is the
     * current text, the earlier ones are in wa_message_edits. A ticket keeps its own copy of what the customer
     * first wrote (ticket_messages.message), which no edit or delete changes (decision 0026).
     */
    editedAt: bigint('edited_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The message key: history and live traffic may spell the author differently (LID or phone number).
    uniqueIndex('wa_messages_key_idx').on(t.sessionId, t.groupJid, t.waId),
    index('wa_messages_group_time_idx').on(t.sessionId, t.groupJid, t.timestamp, t.msgId),
    // Search within a group (ILIKE on the text), led by the group's columns through btree_gin (decision 0025).
    index('wa_messages_group_body_trgm_idx').using('gin', t.sessionId, t.groupJid, t.body.op('gin_trgm_ops')),
    // LID authors whose phone number is not known yet: what a newly learned pair fills in, without
    // scanning the session's messages (see messages.repository.ts, fillAuthorAlt).
    index('wa_messages_unresolved_lid_idx')
      .on(t.sessionId, t.author)
      .where(sql`${t.authorAlt} is null and ${t.author} like '%@lid'`),
    // Which stored objects a message still uses: what the orphan sweep asks (orphan-sweeper.ts).
    index('wa_messages_media_object_idx').on(t.mediaObject).where(sql`${t.mediaObject} is not null`),
  ],
);

/**
 * Live messages the ticket engine has not applied yet, filled by the statement that stores them in
 * wa_messages (docs/architecture.md, ticket pipeline): a message stored is a message queued, even across
 * a crash. Only a group's oldest row is claimable, and only while unclaimed or its claim expired, so every
 * instance may consume the queue and a group's messages are still applied one at a time in order.
 */
export const waLiveQueue = pgTable(
  'wa_live_queue',
  {
    seq: bigint('seq', { mode: 'number' })
      .primaryKey()
      .references(() => waMessages.seq, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull(),
    groupJid: text('group_jid').notNull(),
    /** The instance working on the message, until `claimed_until`; an expired claim is taken again. */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Claims so far: a message that keeps failing is given up after a few, not retried forever. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('wa_live_queue_group_idx').on(t.sessionId, t.groupJid, t.seq)],
);

/**
 * Polls of the session's groups (docs/decisions/0018, polls): the options of every poll message stored in
 * wa_messages, and the secret WhatsApp encrypts its votes with. The secret is read only to decrypt votes
 * (the driver's `poll` port): never answered, never logged. Without it (a poll whose message did not carry
 * one) votes cannot be read, and the poll says so.
 */
export const waPolls = pgTable(
  'wa_polls',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').notNull(),
    groupJid: text('group_jid').notNull(),
    /** The poll message's WhatsApp id (wa_messages.wa_id). */
    waId: text('wa_id').notNull(),
    /** Option names in the poll's order (a JSON array of strings). */
    options: jsonb('options').$type<string[]>().notNull(),
    /** WhatsApp's selectableOptionsCount: 0 lets a voter choose several options. */
    selectableCount: integer('selectable_count').notNull().default(0),
    /** The poll's messageContextInfo.messageSecret, base64; null when its message carried none. */
    secret: text('secret'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.groupJid, t.waId] }),
    index('wa_polls_organisation_id_idx').on(t.organisationId),
  ],
);

/**
 * Each voter's current vote on a poll: a voter's newer vote replaces the older one (`voted_at`, when the
 * voter cast it); an empty `options` is a vote taken back. Votes are never messages.
 */
export const waPollVotes = pgTable(
  'wa_poll_votes',
  {
    sessionId: uuid('session_id').notNull(),
    groupJid: text('group_jid').notNull(),
    pollWaId: text('poll_wa_id').notNull(),
    /** The voter as the group addresses them; '' for the linked account itself (`from_me`). */
    voter: text('voter').notNull(),
    /** The voter's other address (phone-number JID of a LID voter), when known. */
    voterAlt: text('voter_alt'),
    fromMe: boolean('from_me').notNull().default(false),
    /** Names of the chosen options (a JSON array of strings). */
    options: jsonb('options').$type<string[]>().notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.groupJid, t.pollWaId, t.voter] }),
    foreignKey({
      columns: [t.sessionId, t.groupJid, t.pollWaId],
      foreignColumns: [waPolls.sessionId, waPolls.groupJid, waPolls.waId],
      name: 'wa_poll_votes_poll_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Reactions to group messages (decision 0026): one per reactor per message, a newer one replacing theirs, an
 * empty one deleting it. Keyed by the target's WhatsApp id, which may arrive before or after the message.
 * Never messages: a reaction stores no wa_messages row, so it never queues for the ticket engine.
 */
export const waMessageReactions = pgTable(
  'wa_message_reactions',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').notNull(),
    groupJid: text('group_jid').notNull(),
    /** The reacted-to message's WhatsApp id (wa_messages.wa_id). */
    targetWaId: text('target_wa_id').notNull(),
    /** The reactor as the group addresses them; '' for the linked account itself (`from_me`). */
    reactor: text('reactor').notNull(),
    /** The reactor's other address (phone-number JID of a LID reactor), when known. */
    reactorAlt: text('reactor_alt'),
    reactorName: text('reactor_name'),
    fromMe: boolean('from_me').notNull().default(false),
    emoji: text('emoji').notNull(),
    /** When the reactor reacted (the reaction's senderTimestampMs): a later one replaces an earlier one. */
    reactedAt: timestamp('reacted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.groupJid, t.targetWaId, t.reactor] }),
    index('wa_message_reactions_organisation_id_idx').on(t.organisationId),
  ],
);

/**
 * The earlier texts of edited group messages (decision 0026): each edit keeps the text it replaced and when.
 * A delete for everyone removes them with the text (the group view never shows a deleted message's words).
 */
export const waMessageEdits = pgTable(
  'wa_message_edits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    groupJid: text('group_jid').notNull(),
    waId: text('wa_id').notNull(),
    /** The text before this edit. */
    body: text('body').notNull(),
    /** When the edit replaced it (the edit's WhatsApp time, seconds). */
    replacedAt: bigint('replaced_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('wa_message_edits_message_idx').on(t.sessionId, t.groupJid, t.waId, t.id)],
);

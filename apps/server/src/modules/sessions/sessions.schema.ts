import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.schema';

// Linked WhatsApp accounts and what only their owner writes: the lease, the health, the creds and keys
// (docs/architecture.md, scale-out). Re-exported by db/schema.ts for Drizzle.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export type WaSessionStatus =
  | 'starting'
  | 'qr'
  | 'connected'
  | 'reconnecting'
  | 'unreachable'
  | 'qr_expired'
  | 'logged_out'
  | 'banned'
  | 'temporarily_banned'
  | 'terminated'
  | 'version_refused'
  | 'refused'
  | 'replaced';

export const waSessions = pgTable(
  'wa_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    status: text('status').$type<WaSessionStatus>().notNull().default('starting'),
    /** Why the session is in a failed or waiting state, shown to the user as-is. */
    reason: text('reason'),
    /** The linked account's phone number (digits) and JIDs, to recognise its own messages. */
    phone: text('phone'),
    meJid: text('me_jid'),
    meLid: text('me_lid'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The server instance that runs this session's connection (docs/architecture.md, scale-out): a lease
     * renewed by its heartbeat. `lease_epoch` grows with every new owner; auth writes carry it and are
     * refused once stale, so two instances never write one session's keys.
     */
    ownerId: text('owner_id'),
    leaseEpoch: bigint('lease_epoch', { mode: 'number' }).notNull().default(0),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** When the last live message arrived: a session quiet for long is flagged on the Sessions screen. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /**
     * The client its creds were linked as (decision 0015 §11): 'chrome' for a pairing code, 'desktop' for a
     * QR code (null: linked before it was kept, a desktop). Every reconnect announces it again.
     */
    linkPlatform: text('link_platform').$type<'desktop' | 'chrome'>(),
    /** Stopped for a temporary ban (status temporarily_banned): when it ends; no instance takes it up before. */
    resumesAt: timestamp('resumes_at', { withTimezone: true }),
  },
  (t) => [
    index('wa_sessions_organisation_id_idx').on(t.organisationId, t.isActive),
    index('wa_sessions_owner_idx').on(t.ownerId),
  ],
);

/**
 * A session's recent state changes (linked, connected, disconnected with its reason, reconnecting, logged
 * out, refused version…), newest kept, shown as its health on the Sessions screen.
 */
export const waSessionEvents = pgTable(
  'wa_session_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The WhatsApp Web version announced (linked, connected, version_refused), where from, and when fetched. */
    version: text('version'),
    versionSource: text('version_source').$type<'configured' | 'fetched' | 'built_in'>(),
    versionFetchedAt: timestamp('version_fetched_at', { withTimezone: true }),
  },
  (t) => [index('wa_session_events_session_idx').on(t.sessionId, t.at)],
);

/**
 * The last good WhatsApp Web version any instance fetched (one row, id 1), so every instance and restart
 * announces it (whatsapp/client-version.ts); only ever replaced by a version at least as new.
 */
export const waClientVersion = pgTable('wa_client_version', {
  id: integer('id').primaryKey(),
  /** e.g. "2.3000.1045340097" */
  version: text('version').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/** Running server instances and how many sessions each may run; a stale heartbeat means it is gone. */
export const waInstances = pgTable('wa_instances', {
  id: text('id').primaryKey(),
  capacity: integer('capacity').notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Baileys creds (type 'creds', key_id '') and Signal keys, as BufferJSON text; one row per key. */
export const waAuth = pgTable(
  'wa_auth',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => waSessions.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    keyId: text('key_id').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.type, t.keyId] })],
);

import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

// The events module's tables (docs/architecture.md, owner table): event-stream credentials and open
// streams, shared by every instance through the database — nothing here may live in one process's memory.

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

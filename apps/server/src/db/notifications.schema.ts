import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// Cross-instance notifications (db/postgres-notifications.ts): owned by the notifications adapter, not by
// a module; only PostgreSQL uses it.

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

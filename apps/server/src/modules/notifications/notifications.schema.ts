import type { NotificationKind } from '@wadesk/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations, users } from '../auth/auth.schema';
import { tickets } from '../tickets/tickets.schema';

// The notifications module's tables (docs/architecture.md, owner table; decision 0022): each member's
// notifications with their read state, and the waits the unanswered sweep has already alerted.

/** One member's notification; at most MAX_NOTIFICATIONS_KEPT per member are kept (older ones are pruned). */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Set null when the ticket goes (merged into another): the notification still says what happened. */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The bell's page (newest first, before_id) and the prune walk this one backwards.
    index('member_notifications_user_id_idx').on(t.userId, t.id),
    // The unread badge counts only these.
    index('member_notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check(
      'member_notifications_kind_valid',
      sql`${t.kind} in ('assigned', 'customer_replied', 'mentioned', 'new_ticket', 'unanswered', 'sla_due_soon', 'sla_breached')`,
    ),
  ],
);

export type MemberNotificationRow = typeof memberNotifications.$inferSelect;

/**
 * Tickets the unanswered sweep has alerted, with the wait it alerted (the ticket's `waiting_since` then):
 * one row per ticket, moved on by the next wait's alert. The sweep claims a wait with a conditional upsert
 * on the primary key, so each wait is alerted once however many instances sweep at the same time
 * (decision 0022).
 */
export const unansweredAlerts = pgTable('unanswered_alerts', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
});

import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.schema';

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

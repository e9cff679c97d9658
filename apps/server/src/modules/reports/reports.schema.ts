import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from '../auth/auth.schema';

// The weekly digest (docs/decisions/0029-reports.md): one row per organisation and week, inserted by the
// instance that sends that week's mails — the claim that makes it once across instances.
export const reportDigests = pgTable(
  'report_digests',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The Monday (in the organisation's zone) of the week the digest was sent in. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.weekStart] })],
);

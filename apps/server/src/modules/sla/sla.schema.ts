import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { organisations } from '../auth/auth.schema';

// SLA policies (docs/decisions/0027-business-time.md): written only by this module; settings replaces an
// organisation's list through sla-policies.repository.ts.

export const slaPolicies = pgTable(
  'sla_policies',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Order in the organisation's list: a ticket takes the first policy naming any of its labels. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** Labels of the organisation; empty: the default policy (at most one, checked by the service). */
    labelIds: integer('label_ids').array().notNull(),
    firstResponseMinutes: integer('first_response_minutes'),
    nextResponseMinutes: integer('next_response_minutes'),
    resolutionMinutes: integer('resolution_minutes'),
    /** `business` counts the organisation's business hours only; `wall` every minute. */
    calendar: text('calendar').$type<'business' | 'wall'>().notNull(),
    pauseWhilePending: boolean('pause_while_pending').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sla_policies_organisation_idx').on(t.organisationId, t.position),
    check('sla_policies_calendar_valid', sql`${t.calendar} in ('business', 'wall')`),
    check('sla_policies_name_valid', sql`length(${t.name}) between 1 and 60`),
    check(
      'sla_policies_targets_valid',
      sql`coalesce(${t.firstResponseMinutes}, 1) between 1 and 525600 and coalesce(${t.nextResponseMinutes}, 1) between 1 and 525600 and coalesce(${t.resolutionMinutes}, 1) between 1 and 525600`,
    ),
  ],
);

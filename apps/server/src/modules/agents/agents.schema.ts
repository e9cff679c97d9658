import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { organisations } from '../auth/auth.schema';

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

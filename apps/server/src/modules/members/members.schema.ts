import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { organisations, type UserRole, users } from '../auth/auth.schema';

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

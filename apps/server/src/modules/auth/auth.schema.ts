import type { BusinessHours } from '@wadesk/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { agents } from '../agents/agents.schema';

// Accounts, organisations and sign-ins: written only by this module. Members and settings change them
// through the ports of auth.ports.ts (accounts.repository.ts, organisation-settings.repository.ts).

export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * Messages that only acknowledge ("ok", "thanks", "👍"): they join an active ticket but never open one.
     * Null: the default list (modules/settings).
     */
    ackPhrases: text('ack_phrases').array(),
    /** A ticket with no business reply this many minutes after it opened notifies the team. */
    unansweredMinutes: integer('unanswered_minutes').notNull().default(30),
    /** A business reply sets its ticket to pending (waiting on the customer) (decision 0020). */
    autoPending: boolean('auto_pending').notNull().default(false),
    /**
     * A customer message this many days or less after their ticket closed reopens it; later it opens a
     * follow-up (decision 0020). 0: never reopened.
     */
    reopenDays: integer('reopen_days').notNull().default(7),
    /** The calendar SLA clocks count on, as the contract's `businessHours`; null: the default (modules/sla). */
    businessHours: jsonb('business_hours').$type<BusinessHours>(),
    /** Business minutes before an SLA clock falls due at which "due soon" is told. */
    slaWarningMinutes: integer('sla_warning_minutes').notNull().default(15),
    /** Answer a customer writing outside business hours, once per ticket (off by default). */
    outOfHoursReply: boolean('out_of_hours_reply').notNull().default(false),
    /** Its text, `{back}` replaced; null: the contract's DEFAULT_OUT_OF_HOURS_MESSAGE. */
    outOfHoursMessage: text('out_of_hours_message'),
    /** Ask "How did we do?" with a poll when a member closes a ticket (decision 0030); groups may override. */
    satisfactionPoll: boolean('satisfaction_poll').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('organisations_unanswered_minutes_valid', sql`${t.unansweredMinutes} between 1 and 10080`),
    check('organisations_reopen_days_valid', sql`${t.reopenDays} between 0 and 90`),
    check('organisations_sla_warning_minutes_valid', sql`${t.slaWarningMinutes} between 1 and 1440`),
  ],
);

/**
 * owner: everything; admin: sessions, agents, settings; member: tickets and chats
 * (docs/decisions/0016-members-and-roles.md).
 */
export type UserRole = 'owner' | 'admin' | 'member';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    /** argon2id PHC string; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject').unique(),
    /** When the owner of the address proved it (an emailed link, Google, a password reset); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Access tokens issued before this (a password reset, a Google takeover) no longer work. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<UserRole>().notNull(),
    /** The agent phone that is this member's own: replies from it are theirs. One member per agent. */
    agentId: integer('agent_id').references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    /**
     * The IANA zone the member reads times in (checked with Intl by the contract: the database knows no
     * list the browsers share); null: the browser's.
     */
    timeZone: text('time_zone'),
    /** An owner or admin gets the weekly report by mail on Monday morning unless they turned it off. */
    weeklyDigest: boolean('weekly_digest').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_organisation_id_idx').on(t.organisationId),
    uniqueIndex('users_agent_id_idx').on(t.agentId),
    // The unique index only protects against duplicates if every writer stores the same spelling.
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_role_valid', sql`${t.role} in ('owner', 'admin', 'member')`),
    check('users_time_zone_length', sql`char_length(${t.timeZone}) between 1 and 64`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token rotated from one sign-in shares a family, so reuse of any of them can revoke them all. */
    familyId: uuid('family_id').notNull(),
    /** sha-256 hex of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Id of the token this one was exchanged for; set means "already used". */
    replacedBy: integer('replaced_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
);

/** Fixed-window attempt counters of the sign-in limits; `key` is a hash of "ip:…" or "email:…". */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

/** Single-use tokens of emailed links; only a hash is kept, so a leaked table opens no account. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_tokens_user_id_idx').on(t.userId),
    check('email_tokens_purpose_valid', sql`${t.purpose} in ('verify', 'reset')`),
  ],
);

/**
 * Failed sign-ins in a row, per account (`key` = hash of "account:…") and per account and client IP
 * ("pair:…"), for the back-off of auth/login-guard.ts. A row older than the reset age counts from zero.
 * `account` is the account row's key on every row of that account, so a password reset can clear them all.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    account: text('account'),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_failures_last_failure_idx').on(t.lastFailureAt),
    index('login_failures_account_idx').on(t.account),
  ],
);

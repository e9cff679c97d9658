import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { agents } from '../agents/agents.schema';
import { organisations, users } from '../auth/auth.schema';
import { tickets } from '../tickets/tickets.schema';
import type { ClockKind } from './sla-clocks';

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

// The clocks (docs/decisions/0028-sla-clocks.md). Triggers of the migration keep `ticket_status_moments`
// (every status change of a ticket) and `sla_stale` (tickets whose clocks must be computed again) in the
// same transactions as the changes themselves, whichever module or instance made them.

/** Each status change of a ticket, at the ticket's `updated_at` (a message's WhatsApp time, or the call's). */
export const ticketStatusMoments = pgTable(
  'ticket_status_moments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<'pending' | 'resumed' | 'closed' | 'reopened'>().notNull(),
  },
  (t) => [index('ticket_status_moments_ticket_idx').on(t.ticketId, t.at, t.id)],
);

/** Tickets whose clocks are to be computed again: a durable queue, claimed with SKIP LOCKED. */
export const slaStale = pgTable(
  'sla_stale',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The worker claims the longest-waiting first.
  (t) => [index('sla_stale_queued_idx').on(t.queuedAt, t.ticketId)],
);

/** One row per clock of a ticket (its kind and cycle): what sla-clocks.ts computed, and what was told. */
export const slaClocks = pgTable(
  'sla_clocks',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ClockKind>().notNull(),
    cycle: integer('cycle').notNull(),
    organisationId: integer('organisation_id').notNull(),
    policyId: integer('policy_id').references(() => slaPolicies.id, { onDelete: 'set null' }),
    policyName: text('policy_name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    warnAt: timestamp('warn_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** A response clock's answer, credited: the member (desk or their agent phone), and the name shown. */
    stoppedByUserId: integer('stopped_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    stoppedByName: text('stopped_by_name'),
    /** The agent phone the answer was typed on (a desk reply has none): Reports by agent phone. */
    stoppedByAgentId: integer('stopped_by_agent_id').references(() => agents.id, { onDelete: 'set null' }),
    /**
     * False for a clock no policy sets a target for: measured for Reports only (no due time, never met or
     * missed, not shown on the ticket).
     */
    targeted: boolean('targeted').notNull().default(true),
    paused: boolean('paused').notNull().default(false),
    met: boolean('met'),
    businessSeconds: doublePrecision('business_seconds').notNull(),
    wallSeconds: doublePrecision('wall_seconds').notNull(),
    /** Seconds within the organisation's business hours (pauses taken out), whatever the policy's calendar. */
    officeSeconds: doublePrecision('office_seconds').notNull().default(0),
    /** When "due soon" was told (claimed by one instance's sweep); kept across recomputations. */
    warnedSoonAt: timestamp('warned_soon_at', { withTimezone: true }),
    warnedBreachAt: timestamp('warned_breach_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.kind, t.cycle] }),
    // The sweep's two walks over running clocks not yet told.
    index('sla_clocks_warn_idx')
      .on(t.warnAt)
      .where(sql`${t.stoppedAt} is null and not ${t.paused} and ${t.warnedSoonAt} is null`),
    index('sla_clocks_due_idx')
      .on(t.dueAt)
      .where(sql`${t.stoppedAt} is null and not ${t.paused} and ${t.warnedBreachAt} is null`),
    index('sla_clocks_organisation_running_idx')
      .on(t.organisationId, t.dueAt)
      .where(sql`${t.stoppedAt} is null and not ${t.paused}`),
    check('sla_clocks_kind_valid', sql`${t.kind} in ('first_response', 'next_response', 'resolution')`),
  ],
);

/** Warning mails, sent once the organisation's business hours are on (never at midnight). */
export const slaMails = pgTable(
  'sla_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'soon' | 'breach'>().notNull(),
    clockKind: text('clock_kind').$type<ClockKind>().notNull(),
    cycle: integer('cycle').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    /** While an instance sends it: others leave it alone until then (it is sent outside any transaction). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('sla_mails_send_after_idx').on(t.sendAfter)],
);

/** Demo mode's clock (the simulator driver only): how far ahead of real time it runs. One row. */
export const simulatedClock = pgTable('simulated_clock', {
  id: smallint('id').primaryKey().default(1),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
});

/** A ticket's out-of-hours reply: at most one per ticket (this row is the claim). */
export const outOfHoursReplies = pgTable('out_of_hours_replies', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

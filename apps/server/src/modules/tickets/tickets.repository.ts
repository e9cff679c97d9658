import type { SlaFilter } from '@wadesk/contract';
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../auth/auth.schema';
import { slaCondition } from '../sla/sla-filter';
import type { TicketView } from './ticket-mapping';
import {
  type TicketMessageRow,
  type TicketNoteRow,
  type TicketStatus,
  ticketLabels,
  ticketMessages,
  ticketNotes,
  ticketStats,
  tickets,
  ticketViewColumns,
} from './tickets.schema';

export type TicketStatsRow = Omit<typeof ticketStats.$inferSelect, 'shard'>;

export interface TicketListQuery {
  statuses?: TicketStatus[] | undefined;
  limit: number;
  /** Only tickets after this one in newest-first order (keyset paging). */
  beforeId?: number | undefined;
  /** A member's id: only their tickets; null: only unassigned ones; absent: everyone's. */
  assigneeId?: number | null | undefined;
  labelId?: number | undefined;
  /** Only tickets with a running SLA clock breaching soon or breached at `now` (decision 0028). */
  sla?: { filter: SlaFilter; now: Date } | undefined;
}

/** Tickets as the desk's lists show them (ticketViewColumns), in one statement. */
export function selectTicketViews(db: Db) {
  return db.select(ticketViewColumns).from(tickets).leftJoin(users, eq(users.id, tickets.assigneeId));
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;

/** The calls' reads and the status change; the engine's writes live in ticket-ledger.repository.ts. */
export function createTicketsRepository(db: Db) {
  const ofOrganisation = (organisationId: number) => eq(tickets.organisationId, organisationId);
  // The organisation's counter rows (one per stripe, see schema.ts) added up.
  const total = (column: AnyPgColumn) => sql<number>`sum(${column})`.mapWith(Number);
  const statsOf = db
    .select({
      organisationId: ticketStats.organisationId,
      open: total(ticketStats.open),
      inProgress: total(ticketStats.inProgress),
      pending: total(ticketStats.pending),
      closed: total(ticketStats.closed),
      respondedCount: total(ticketStats.respondedCount),
      responseSecondsSum: total(ticketStats.responseSecondsSum),
      resolvedCount: total(ticketStats.resolvedCount),
      resolutionSecondsSum: total(ticketStats.resolutionSecondsSum),
    })
    .from(ticketStats)
    .where(eq(ticketStats.organisationId, sql.placeholder('organisationId')))
    .groupBy(ticketStats.organisationId)
    .prepare('ticket_stats_of');

  return {
    list(organisationId: number, query: TicketListQuery): Promise<TicketView[]> {
      const conditions: SQL[] = [ofOrganisation(organisationId)];
      if (query.statuses) conditions.push(inArray(tickets.status, query.statuses));
      if (query.assigneeId === null) conditions.push(isNull(tickets.assigneeId));
      else if (query.assigneeId !== undefined) conditions.push(eq(tickets.assigneeId, query.assigneeId));
      if (query.labelId !== undefined) {
        const labelled = db
          .select({ one: sql`1` })
          .from(ticketLabels)
          .where(and(eq(ticketLabels.ticketId, tickets.id), eq(ticketLabels.labelId, query.labelId)));
        conditions.push(sql`exists (${labelled})`);
      }
      if (query.sla) conditions.push(slaCondition(tickets.id, query.sla.filter, query.sla.now));
      if (query.beforeId !== undefined) {
        const cursor = db
          .select({ createdAt: tickets.createdAt })
          .from(tickets)
          .where(and(ofOrganisation(organisationId), eq(tickets.id, query.beforeId)));
        const before = or(
          lt(tickets.createdAt, sql`(${cursor})`),
          and(eq(tickets.createdAt, sql`(${cursor})`), lt(tickets.id, query.beforeId)),
        );
        if (before) conditions.push(before);
      }
      return selectTicketViews(db)
        .where(and(...conditions))
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(query.limit);
    },

    /** Polled every 5 s by every open dashboard: prepared once instead of built per call. */
    async stats(organisationId: number): Promise<TicketStatsRow | null> {
      const [row] = await statsOf.execute({ organisationId });
      return row ?? null;
    },

    async find(organisationId: number, id: number): Promise<TicketView | null> {
      const [row] = await selectTicketViews(db).where(
        and(ofOrganisation(organisationId), eq(tickets.id, id)),
      );
      return row ?? null;
    },

    /** Oldest first. Callers check the ticket belongs to the organisation first. */
    notes(ticketId: number): Promise<TicketNoteRow[]> {
      return db
        .select()
        .from(ticketNotes)
        .where(eq(ticketNotes.ticketId, ticketId))
        .orderBy(asc(ticketNotes.createdAt), asc(ticketNotes.id));
    },

    /** Oldest first. Callers check the ticket belongs to the organisation first. */
    messages(ticketId: number): Promise<TicketMessageRow[]> {
      return db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
    },

    /**
     * Sets the status; closing stamps closed_at (kept when closing twice), anything else clears it. Null
     * when the ticket is not the organisation's. Reopening while the group has another active ticket
     * fails with a unique violation (tickets_one_active_per_group_idx).
     */
    async setStatus(organisationId: number, id: number, status: TicketStatus, now: Date) {
      const [row] = await db
        .update(tickets)
        .set({
          status,
          // Never before the ticket opened or its last message: those times come from WhatsApp, not our clock.
          closedAt:
            status === 'close'
              ? sql`coalesce(${tickets.closedAt}, greatest(${tickets.createdAt}, ${now.toISOString()}))`
              : null,
          updatedAt: sql`greatest(${tickets.updatedAt}, ${now.toISOString()})`,
        })
        .where(and(ofOrganisation(organisationId), eq(tickets.id, id)))
        .returning();
      return row ?? null;
    },
  };
}

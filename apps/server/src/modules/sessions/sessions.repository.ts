import type { SessionEventKind, SessionStatus } from '@wadesk/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../auth/auth.schema';
import { waSessionEvents, waSessions } from './sessions.schema';

export type SessionRow = typeof waSessions.$inferSelect;

/** Events kept per session; older ones are pruned when a new one is written. */
export const EVENTS_KEPT = 50;

export interface SessionEventRow {
  sessionId: string;
  kind: SessionEventKind;
  reason: string | null;
  at: Date;
}

export interface SessionStateUpdate {
  status: SessionStatus;
  reason: string | null;
  phone?: string | null;
  meJid?: string | null;
  meLid?: string | null;
  isActive?: boolean;
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export function createSessionsRepository(db: Db) {
  /** Runs `write` only while the organisation has fewer than `limit` active sessions; null otherwise. */
  async function withinLimit<T>(
    organisationId: number,
    limit: number,
    write: (tx: Db) => Promise<T>,
  ): Promise<T | null> {
    return db.transaction(async (tx) => {
      // Locking the organisation row makes two simultaneous starts take turns, so both cannot pass the count.
      await tx
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.id, organisationId))
        .for('update');
      const [row] = await tx
        .select({ active: count() })
        .from(waSessions)
        .where(and(eq(waSessions.organisationId, organisationId), eq(waSessions.isActive, true)));
      if ((row?.active ?? 0) >= limit) return null;
      return write(tx as unknown as Db);
    });
  }

  return {
    async list(organisationId: number): Promise<SessionRow[]> {
      return db
        .select()
        .from(waSessions)
        .where(eq(waSessions.organisationId, organisationId))
        .orderBy(desc(waSessions.createdAt));
    },

    async find(organisationId: number, id: string): Promise<SessionRow | null> {
      const [row] = await db
        .select()
        .from(waSessions)
        .where(and(eq(waSessions.organisationId, organisationId), eq(waSessions.id, id)));
      return row ?? null;
    },

    /** The most recent session of the organisation with exactly this name and description. */
    async findByNameAndDescription(
      organisationId: number,
      name: string,
      description: string,
    ): Promise<SessionRow | null> {
      const [row] = await db
        .select()
        .from(waSessions)
        .where(
          and(
            eq(waSessions.organisationId, organisationId),
            eq(waSessions.name, name),
            eq(waSessions.description, description),
          ),
        )
        .orderBy(desc(waSessions.isActive), desc(waSessions.createdAt))
        .limit(1);
      return row ?? null;
    },

    create(
      organisationId: number,
      name: string,
      description: string,
      limit: number,
    ): Promise<SessionRow | null> {
      return withinLimit(organisationId, limit, async (tx) => {
        const [row] = await tx.insert(waSessions).values({ organisationId, name, description }).returning();
        if (!row) throw new Error('session insert returned no row');
        return row;
      });
    },

    reactivate(organisationId: number, id: string, limit: number): Promise<SessionRow | null> {
      return withinLimit(organisationId, limit, async (tx) => {
        const [row] = await tx
          .update(waSessions)
          .set({ isActive: true, status: 'starting', reason: null, updatedAt: sql`now()` })
          .where(and(eq(waSessions.organisationId, organisationId), eq(waSessions.id, id)))
          .returning();
        if (!row) throw new Error('session update returned no row');
        return row;
      });
    },

    /** Ends the session here; `recorded` adds `terminated` to its health (not when it already was). */
    async markTerminated(organisationId: number, id: string, recorded: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(waSessions)
          .set({ isActive: false, status: 'terminated', reason: null, phone: null, updatedAt: sql`now()` })
          .where(and(eq(waSessions.organisationId, organisationId), eq(waSessions.id, id)));
        if (recorded) await addEvent(tx as unknown as Db, id, organisationId, 'terminated', null);
      });
    },

    /**
     * Writes what the connection says; only the session's owner may (a replaced one stays silent). With
     * `event`, the change also joins the session's health, in the same transaction.
     */
    async saveState(
      sessionId: string,
      update: SessionStateUpdate,
      ownerId: string,
      event?: { kind: SessionEventKind; reason: string | null },
    ): Promise<void> {
      const write = async (tx: Db) => {
        const [row] = await tx
          .update(waSessions)
          .set({ ...update, updatedAt: sql`now()` })
          .where(and(eq(waSessions.id, sessionId), eq(waSessions.ownerId, ownerId)))
          .returning({ organisationId: waSessions.organisationId });
        if (row && event) await addEvent(tx, sessionId, row.organisationId, event.kind, event.reason);
      };
      if (!event) return write(db);
      await db.transaction((tx) => write(tx as unknown as Db));
    },

    /** A live message was stored now: the Sessions screen flags sessions that stay quiet for long. */
    async touchLastMessage(sessionId: string): Promise<void> {
      await db.update(waSessions).set({ lastMessageAt: sql`now()` }).where(eq(waSessions.id, sessionId));
    },

    /** The newest `perSession` events of each of the organisation's sessions, newest first, in one query. */
    async recentEvents(
      organisationId: number,
      sessionIds: string[],
      perSession: number,
    ): Promise<SessionEventRow[]> {
      if (sessionIds.length === 0) return [];
      const ranked = db
        .select({
          sessionId: waSessionEvents.sessionId,
          kind: waSessionEvents.kind,
          reason: waSessionEvents.reason,
          at: waSessionEvents.at,
          id: waSessionEvents.id,
          rank: sql<number>`row_number() over (partition by ${waSessionEvents.sessionId} order by ${waSessionEvents.at} desc, ${waSessionEvents.id} desc)`.as(
            'rank',
          ),
        })
        .from(waSessionEvents)
        .where(
          and(
            eq(waSessionEvents.organisationId, organisationId),
            inArray(waSessionEvents.sessionId, sessionIds),
          ),
        )
        .as('ranked');
      const rows = await db
        .select({ sessionId: ranked.sessionId, kind: ranked.kind, reason: ranked.reason, at: ranked.at })
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perSession}`)
        .orderBy(ranked.sessionId, desc(ranked.at), desc(ranked.id));
      return rows as SessionEventRow[];
    },
  };
}

/**
 * Adds one event to a session's health and prunes all but the newest EVENTS_KEPT. An event that only
 * repeats the newest one (the same kind and reason, e.g. "connected" again after a server restart) adds
 * nothing the list does not already say.
 */
async function addEvent(
  db: Db,
  sessionId: string,
  organisationId: number,
  kind: SessionEventKind,
  reason: string | null,
): Promise<void> {
  await db.execute(sql`insert into wa_session_events (session_id, organisation_id, kind, reason)
    select ${sessionId}, ${organisationId}, ${kind}, ${reason}
    where not exists (
      select 1 from (select kind, reason from wa_session_events where session_id = ${sessionId}
        order by id desc limit 1) newest
      where newest.kind = ${kind} and newest.reason is not distinct from ${reason}::text)`);
  await db.execute(sql`delete from wa_session_events where session_id = ${sessionId} and id <= (
    select id from wa_session_events where session_id = ${sessionId}
    order by id desc offset ${EVENTS_KEPT} limit 1)`);
}

import type { SessionEventKind, SessionStatus } from '@wadesk/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../auth/auth.schema';
import { waSessionEvents, waSessions } from './sessions.schema';

export type SessionRow = typeof waSessions.$inferSelect;

/** Events kept per session; older ones are pruned when a new one is written. */
export const EVENTS_KEPT = 50;

/** The WhatsApp Web version an event's connection announced. */
export interface EventVersion {
  version: string;
  source: 'configured' | 'fetched' | 'built_in';
  fetchedAt: Date | null;
}

export interface SessionEventRow {
  sessionId: string;
  kind: SessionEventKind;
  reason: string | null;
  at: Date;
  version: EventVersion | null;
}

/** An event to add to a session's health. */
export interface NewSessionEvent {
  kind: SessionEventKind;
  reason: string | null;
  version?: EventVersion | null;
}

export interface SessionStateUpdate {
  status: SessionStatus;
  reason: string | null;
  phone?: string | null;
  meJid?: string | null;
  meLid?: string | null;
  isActive?: boolean;
  /** A temporary ban's end (status temporarily_banned), else null. */
  resumesAt?: Date | null;
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
        if (recorded)
          await addEvent(tx as unknown as Db, id, organisationId, { kind: 'terminated', reason: null });
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
      event?: NewSessionEvent,
    ): Promise<void> {
      const write = async (tx: Db) => {
        const [row] = await tx
          .update(waSessions)
          .set({ ...update, updatedAt: sql`now()` })
          .where(and(eq(waSessions.id, sessionId), eq(waSessions.ownerId, ownerId)))
          .returning({ organisationId: waSessions.organisationId });
        if (row && event) await addEvent(tx, sessionId, row.organisationId, event);
      };
      if (!event) return write(db);
      await db.transaction((tx) => write(tx as unknown as Db));
    },

    /** The client the session's creds were linked as, or null (linked before it was kept, or never). */
    async linkPlatform(sessionId: string): Promise<'desktop' | 'chrome' | null> {
      const [row] = await db
        .select({ platform: waSessions.linkPlatform })
        .from(waSessions)
        .where(eq(waSessions.id, sessionId));
      return row?.platform ?? null;
    },

    /** A new link of the session announces `platform`; only its owner may say so. */
    async setLinkPlatform(sessionId: string, platform: 'desktop' | 'chrome', ownerId: string): Promise<void> {
      await db
        .update(waSessions)
        .set({ linkPlatform: platform })
        .where(and(eq(waSessions.id, sessionId), eq(waSessions.ownerId, ownerId)));
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
          version: waSessionEvents.version,
          versionSource: waSessionEvents.versionSource,
          versionFetchedAt: waSessionEvents.versionFetchedAt,
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
        .select({
          sessionId: ranked.sessionId,
          kind: ranked.kind,
          reason: ranked.reason,
          at: ranked.at,
          version: ranked.version,
          versionSource: ranked.versionSource,
          versionFetchedAt: ranked.versionFetchedAt,
        })
        .from(ranked)
        .where(sql`${ranked.rank} <= ${perSession}`)
        .orderBy(ranked.sessionId, desc(ranked.at), desc(ranked.id));
      return rows.map(({ version, versionSource, versionFetchedAt, ...event }) => ({
        ...(event as Omit<SessionEventRow, 'version'>),
        version:
          version && versionSource ? { version, source: versionSource, fetchedAt: versionFetchedAt } : null,
      }));
    },
  };
}

/**
 * Adds one event to a session's health and prunes all but the newest EVENTS_KEPT. An event that only
 * repeats the newest one (the same kind, reason and version, e.g. "connected" again after a server
 * restart) adds nothing the list does not already say.
 */
async function addEvent(
  db: Db,
  sessionId: string,
  organisationId: number,
  { kind, reason, version = null }: NewSessionEvent,
): Promise<void> {
  const number = version?.version ?? null;
  const fetchedAt = version?.fetchedAt?.toISOString() ?? null;
  await db.execute(sql`insert into wa_session_events
      (session_id, organisation_id, kind, reason, version, version_source, version_fetched_at)
    select ${sessionId}, ${organisationId}, ${kind}, ${reason}, ${number}, ${version?.source ?? null},
      ${fetchedAt}::timestamptz
    where not exists (
      select 1 from (select kind, reason, version from wa_session_events where session_id = ${sessionId}
        order by id desc limit 1) newest
      where newest.kind = ${kind} and newest.reason is not distinct from ${reason}::text
        and newest.version is not distinct from ${number}::text)`);
  await db.execute(sql`delete from wa_session_events where session_id = ${sessionId} and id <= (
    select id from wa_session_events where session_id = ${sessionId}
    order by id desc offset ${EVENTS_KEPT} limit 1)`);
}

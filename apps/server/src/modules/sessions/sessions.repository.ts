import type { SessionStatus } from '@wadesk/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations, waSessions } from '../../db/schema';

export type SessionRow = typeof waSessions.$inferSelect;

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

    async markTerminated(organisationId: number, id: string): Promise<void> {
      await db
        .update(waSessions)
        .set({ isActive: false, status: 'terminated', reason: null, phone: null, updatedAt: sql`now()` })
        .where(and(eq(waSessions.organisationId, organisationId), eq(waSessions.id, id)));
    },

    /** Writes what the connection says; only the session's owner may (a replaced one stays silent). */
    async saveState(sessionId: string, update: SessionStateUpdate, ownerId: string): Promise<void> {
      await db
        .update(waSessions)
        .set({ ...update, updatedAt: sql`now()` })
        .where(and(eq(waSessions.id, sessionId), eq(waSessions.ownerId, ownerId)));
    },
  };
}

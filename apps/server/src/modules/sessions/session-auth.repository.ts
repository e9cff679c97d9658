import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthRow, AuthStore } from '../../whatsapp/auth/session-auth';
import { waAuth, waSessions } from './sessions.schema';

/** The lease an auth write must still hold: its owner and epoch (docs/architecture.md, fencing). */
export interface Fence {
  ownerId: string;
  epoch: number;
}

/** Refused auth write: another instance took the session over; this one must close its socket. */
export class StaleLeaseError extends Error {
  constructor(sessionId: string) {
    super(`This server no longer owns WhatsApp session ${sessionId}.`);
    this.name = 'StaleLeaseError';
  }
}

/**
 * SQL for wa_auth: a session's Baileys creds and Signal keys as BufferJSON text, one row per key. Writes
 * with a fence first lock the session row (FOR SHARE): a takeover's update waits for a write in flight,
 * and a write after the takeover finds another owner or epoch and is refused.
 */
export function createSessionAuthRepository(db: Db, fence?: Fence): AuthStore {
  async function checkFence(tx: Db, sessionId: string): Promise<void> {
    if (!fence) return;
    const [row] = await tx
      .select({ id: waSessions.id })
      .from(waSessions)
      .where(
        and(
          eq(waSessions.id, sessionId),
          eq(waSessions.ownerId, fence.ownerId),
          eq(waSessions.leaseEpoch, fence.epoch),
        ),
      )
      .for('share');
    if (!row) throw new StaleLeaseError(sessionId);
  }

  return {
    async read(sessionId: string, type: string, keyIds: string[]): Promise<Map<string, string>> {
      if (keyIds.length === 0) return new Map();
      const rows = await db
        .select({ keyId: waAuth.keyId, value: waAuth.value })
        .from(waAuth)
        .where(and(eq(waAuth.sessionId, sessionId), eq(waAuth.type, type), inArray(waAuth.keyId, keyIds)));
      return new Map(rows.map((row) => [row.keyId, row.value]));
    },

    /** Upserts and deletes in one transaction, so a crash never leaves half of a key update behind. */
    async write(sessionId: string, rows: AuthRow[]): Promise<void> {
      const upserts = rows.filter((row): row is AuthRow & { value: string } => row.value !== null);
      const deletes = rows.filter((row) => row.value === null);
      await db.transaction(async (tx) => {
        await checkFence(tx as unknown as Db, sessionId);
        if (upserts.length > 0) {
          await tx
            .insert(waAuth)
            .values(upserts.map(({ type, keyId, value }) => ({ sessionId, type, keyId, value })))
            .onConflictDoUpdate({
              target: [waAuth.sessionId, waAuth.type, waAuth.keyId],
              set: { value: sql`excluded.value` },
            });
        }
        for (const [type, keyIds] of groupByType(deletes)) {
          await tx
            .delete(waAuth)
            .where(
              and(eq(waAuth.sessionId, sessionId), eq(waAuth.type, type), inArray(waAuth.keyId, keyIds)),
            );
        }
      });
    },

    async clear(sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await checkFence(tx as unknown as Db, sessionId);
        await tx.delete(waAuth).where(eq(waAuth.sessionId, sessionId));
      });
    },
  };
}

function groupByType(rows: AuthRow[]): Map<string, string[]> {
  const byType = new Map<string, string[]>();
  for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row.keyId]);
  return byType;
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waAuth } from '../../db/schema';

/** One stored auth value; `value: null` deletes it. */
export interface AuthRow {
  type: string;
  keyId: string;
  value: string | null;
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/** SQL for wa_auth: a session's Baileys creds and Signal keys as BufferJSON text, one row per key. */
export function createAuthRepository(db: Db) {
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
      await db.delete(waAuth).where(eq(waAuth.sessionId, sessionId));
    },
  };
}

function groupByType(rows: AuthRow[]): Map<string, string[]> {
  const byType = new Map<string, string[]>();
  for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row.keyId]);
  return byType;
}

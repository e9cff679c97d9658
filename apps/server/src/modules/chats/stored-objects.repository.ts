import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waMessages } from '../messages/messages.schema';
import { attachments } from './chats.schema';

/** The advisory lock key of the orphan sweep (any fixed number no other lock uses). */
export const ORPHAN_SWEEP_LOCK = 7_212_302;

export type StoredObjectsRepository = ReturnType<typeof createStoredObjectsRepository>;

/** The rows that name stored objects: chat attachments, and the cached media of WhatsApp messages. */
export function createStoredObjectsRepository(db: Db) {
  return {
    /**
     * Which of `names` a row still references, or null when another instance holds the orphan sweep's
     * lock (with no names, only the lock is tried). The lock is a transaction's, so it is released at
     * once: the storage listing between two batches runs outside any transaction, which matters on
     * PGlite, where an open transaction makes every other query wait.
     */
    async referencedWhileLocked(names: readonly string[]): Promise<Set<string> | null> {
      return db.transaction(async (tx) => {
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${ORPHAN_SWEEP_LOCK}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!locked.rows[0]?.locked) return null;
        if (names.length === 0) return new Set<string>();
        const list = [...names];
        const [attached, cached] = [
          await tx
            .select({ name: attachments.objectName })
            .from(attachments)
            .where(inArray(attachments.objectName, list)),
          await tx
            .select({ name: waMessages.mediaObject })
            .from(waMessages)
            .where(inArray(waMessages.mediaObject, list)),
        ];
        return new Set([...attached, ...cached].map(({ name }) => name as string));
      });
    },
  };
}

import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments, chatAttachments } from './chats.schema';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = Omit<typeof attachments.$inferInsert, 'id' | 'createdAt'>;

/** Who is asking: every query is limited to this user within this organisation. */
export interface Owner {
  userId: number;
  organisationId: number;
}

/** The advisory lock key of the upload sweep (any fixed number no other lock uses). */
export const UPLOAD_SWEEP_LOCK = 7_212_301;
/**
 * The first half of an organisation's quota lock (two-int key: this, the organisation's id; PostgreSQL
 * keeps two-int keys apart from the one-bigint keys above).
 */
export const STORAGE_QUOTA_LOCK = 7_212_303;

// Parameters per statement stay far below PostgreSQL's 65,535.
const LOOKUP_CHUNK = 5000;

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;

export function createAttachmentsRepository(db: Db) {
  const owned = (owner: Owner) =>
    and(eq(attachments.userId, owner.userId), eq(attachments.organisationId, owner.organisationId));

  return {
    /**
     * Removes up to `limit` uploads older than `maxAgeHours` (by the database's clock) that no saved chat
     * shows, and answers their object names. Runs only while this transaction holds the sweep's advisory
     * lock, so two instances never sweep at once; null when another one holds it.
     */
    async removeExpiredUnsaved(maxAgeHours: number, limit: number): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${UPLOAD_SWEEP_LOCK}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!locked.rows[0]?.locked) return null;
        const removed = await tx
          .delete(attachments)
          .where(
            sql`${attachments.id} in (
              select a.id from ${attachments} a
              where a.created_at < now() - make_interval(hours => ${maxAgeHours})
                and not exists (select 1 from ${chatAttachments} c where c.attachment_id = a.id)
              order by a.id limit ${limit}
            )`,
          )
          .returning({ objectName: attachments.objectName });
        return removed.map((row) => row.objectName);
      });
    },

    /**
     * Records an upload's media unless the organisation would then hold more than `quotaBytes`: answers
     * null when recorded, else the bytes it holds. The check and the insert run under the organisation's
     * quota lock in one transaction, so two uploads at the same moment cannot both pass with the same
     * room (each waits for the other's insert before it counts).
     */
    async insertWithinQuota(
      organisationId: number,
      rows: readonly NewAttachment[],
      quotaBytes: number,
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${STORAGE_QUOTA_LOCK}, ${organisationId})`);
        const [row] = await tx
          .select({ total: sum(attachments.size) })
          .from(attachments)
          .where(eq(attachments.organisationId, organisationId));
        const used = Number(row?.total ?? 0);
        const incoming = rows.reduce((total, r) => total + r.size, 0);
        if (used + incoming > quotaBytes) return used;
        if (rows.length > 0) await tx.insert(attachments).values([...rows]);
        return null;
      });
    },

    /** Bytes of stored media the organisation holds (its storage quota counts these). */
    async bytesUsed(organisationId: number): Promise<number> {
      const [row] = await db
        .select({ total: sum(attachments.size) })
        .from(attachments)
        .where(eq(attachments.organisationId, organisationId));
      return Number(row?.total ?? 0);
    },

    /** The caller's attachments among `objectNames`; names that are not theirs are simply not returned. */
    async findOwned(owner: Owner, objectNames: readonly string[]): Promise<AttachmentRow[]> {
      const found: AttachmentRow[] = [];
      for (let at = 0; at < objectNames.length; at += LOOKUP_CHUNK) {
        const chunk = objectNames.slice(at, at + LOOKUP_CHUNK);
        found.push(
          ...(await db
            .select()
            .from(attachments)
            .where(and(owned(owner), inArray(attachments.objectName, chunk)))),
        );
      }
      return found;
    },
  };
}

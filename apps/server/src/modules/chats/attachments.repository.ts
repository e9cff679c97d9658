import { and, eq, inArray, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments } from '../../db/schema';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = Omit<typeof attachments.$inferInsert, 'id' | 'createdAt'>;

/** Who is asking: every query is limited to this user within this organisation. */
export interface Owner {
  userId: number;
  organisationId: number;
}

// Parameters per statement stay far below PostgreSQL's 65,535.
const LOOKUP_CHUNK = 5000;

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;

export function createAttachmentsRepository(db: Db) {
  const owned = (owner: Owner) =>
    and(eq(attachments.userId, owner.userId), eq(attachments.organisationId, owner.organisationId));

  return {
    async insertMany(rows: readonly NewAttachment[]): Promise<void> {
      if (rows.length > 0) await db.insert(attachments).values([...rows]);
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

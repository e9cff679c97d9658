import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { lockOrganisation } from '../../db/organisation-lock';
import { cannedReplies } from './replies.schema';

export interface CannedReplyRow {
  id: number;
  shortcut: string;
  body: string;
}

export type CannedRepliesRepository = ReturnType<typeof createCannedRepliesRepository>;

const columns = { id: cannedReplies.id, shortcut: cannedReplies.shortcut, body: cannedReplies.body };

/** An organisation's saved snippets; the shortcut is unique per organisation (a unique index). */
export function createCannedRepliesRepository(db: Db) {
  const mine = (organisationId: number, id: number) =>
    and(eq(cannedReplies.organisationId, organisationId), eq(cannedReplies.id, id));
  return {
    list: (organisationId: number): Promise<CannedReplyRow[]> =>
      db
        .select(columns)
        .from(cannedReplies)
        .where(eq(cannedReplies.organisationId, organisationId))
        .orderBy(asc(cannedReplies.shortcut)),

    /** 'taken' when the shortcut is, 'full' when the organisation already has `max` replies. */
    insert(
      organisationId: number,
      shortcut: string,
      body: string,
      max: number,
    ): Promise<CannedReplyRow | 'taken' | 'full'> {
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        const [held] = await tx
          .select({ n: count() })
          .from(cannedReplies)
          .where(eq(cannedReplies.organisationId, organisationId));
        if ((held?.n ?? 0) >= max) return 'full';
        const [row] = await tx
          .insert(cannedReplies)
          .values({ organisationId, shortcut, body })
          .onConflictDoNothing()
          .returning(columns);
        return row ?? 'taken';
      });
    },

    /** 'missing' when the organisation has no such reply, 'taken' when another one has the shortcut. */
    async update(
      organisationId: number,
      id: number,
      shortcut: string,
      body: string,
    ): Promise<CannedReplyRow | 'missing' | 'taken'> {
      try {
        const [row] = await db
          .update(cannedReplies)
          .set({ shortcut, body })
          .where(mine(organisationId, id))
          .returning(columns);
        return row ?? 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** The deleted reply's shortcut, null when the organisation has no such reply. */
    async remove(organisationId: number, id: number): Promise<string | null> {
      const [row] = await db
        .delete(cannedReplies)
        .where(mine(organisationId, id))
        .returning({ shortcut: cannedReplies.shortcut });
      return row?.shortcut ?? null;
    },
  };
}

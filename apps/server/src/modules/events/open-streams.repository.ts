import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, users } from '../auth/auth.schema';
import { openEventStreams } from './events.schema';

export type OpenStreamsRepository = ReturnType<typeof createOpenStreamsRepository>;

export interface NewOpenStream {
  id: string;
  userId: number;
  familyId: string | null;
  now: Date;
  /** Rows last seen before this belong to a crashed instance: they are deleted and do not count. */
  staleBefore: Date;
  limit: number;
}

export type Admission = 'admitted' | 'full' | 'unknown-user';

export function createOpenStreamsRepository(db: Db) {
  return {
    /** Records a new open stream unless the user already has `limit` live ones (on any instance). */
    admit({ id, userId, familyId, now, staleBefore, limit }: NewOpenStream): Promise<Admission> {
      return db.transaction(async (tx) => {
        // Locking the user's row makes two instances admitting the same user at once take turns.
        const [user] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, userId))
          .for('no key update');
        if (!user) return 'unknown-user';
        await tx.delete(openEventStreams).where(lt(openEventStreams.lastSeenAt, staleBefore));
        const open = await tx.$count(
          openEventStreams,
          and(eq(openEventStreams.userId, userId), gte(openEventStreams.lastSeenAt, staleBefore)),
        );
        if (open >= limit) return 'full';
        await tx.insert(openEventStreams).values({ id, userId, familyId, lastSeenAt: now });
        return 'admitted';
      });
    },

    /**
     * Marks streams `ids` as alive and answers, for each that still has a row, whether its sign-in was
     * revoked since: one statement for all the streams of an instance.
     */
    async touch(ids: string[], now: Date): Promise<{ id: string; revoked: boolean }[]> {
      if (ids.length === 0) return [];
      return db
        .update(openEventStreams)
        .set({ lastSeenAt: now })
        .where(inArray(openEventStreams.id, ids))
        .returning({
          id: openEventStreams.id,
          // Revoking a family marks all its tokens; any marked token means the sign-in is over. Columns are
          // spelled out: Drizzle leaves them unqualified in an UPDATE, where family_id would mean the subquery's.
          revoked: sql<boolean>`exists (select 1 from ${refreshTokens} r where r.family_id = ${sql.raw('"open_event_streams"."family_id"')} and r.revoked_at is not null)`,
        });
    },

    async remove(id: string): Promise<void> {
      await db.delete(openEventStreams).where(eq(openEventStreams.id, id));
    },
  };
}

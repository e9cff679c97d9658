import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redeemedStreamTokens } from './events.schema';

export type StreamTokensRepository = ReturnType<typeof createStreamTokensRepository>;

export function createStreamTokensRepository(db: Db) {
  return {
    /** Records token `id` as used; false when it was used before (on any instance). */
    async markRedeemed(id: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insert(redeemedStreamTokens)
        .values({ id, expiresAt })
        .onConflictDoNothing()
        .returning({ id: redeemedStreamTokens.id });
      return inserted.length > 0;
    },

    /** Forgets tokens that have expired: they fail verification anyway. */
    async purgeExpired(now: Date): Promise<void> {
      await db.delete(redeemedStreamTokens).where(lt(redeemedStreamTokens.expiresAt, now));
    },
  };
}

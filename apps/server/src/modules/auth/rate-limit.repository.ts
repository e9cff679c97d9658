import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits } from './auth.schema';

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;

export function createRateLimitRepository(db: Db) {
  return {
    /** Counts one attempt on `key` in the window starting at `windowStart`; returns the window's count so far. */
    async hit(key: string, windowStart: Date): Promise<number> {
      // One statement, so two instances counting the same key at once can neither lose a hit nor both start at 1.
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ hits: rateLimitHits.hits });
      if (!row) throw new Error('rate limit upsert returned no row');
      return row.hits;
    },

    /** Takes back one hit counted on `key` in the window starting at `windowStart` (never below zero). */
    async release(key: string, windowStart: Date): Promise<void> {
      await db
        .update(rateLimitHits)
        .set({ hits: sql`${rateLimitHits.hits} - 1` })
        .where(
          and(
            eq(rateLimitHits.key, key),
            eq(rateLimitHits.windowStart, windowStart),
            gt(rateLimitHits.hits, 0),
          ),
        );
    },

    async purgeBefore(windowStart: Date): Promise<void> {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, windowStart));
    },
  };
}

import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

export interface FailureCount {
  failures: number;
  lastFailureAt: Date;
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;

export function createLoginFailuresRepository(db: Db) {
  return {
    async read(keys: string[]): Promise<Map<string, FailureCount>> {
      const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
      return new Map(
        rows.map((row) => [row.key, { failures: row.failures, lastFailureAt: row.lastFailureAt }]),
      );
    },

    /**
     * Counts one failure on each key; a count whose last failure is older than `resetBefore` starts again
     * at 1. One statement per key, so two instances counting at once lose nothing.
     */
    async record(keys: string[], now: Date, resetBefore: Date): Promise<void> {
      for (const key of keys) {
        await db
          .insert(loginFailures)
          .values({ key, failures: 1, lastFailureAt: now })
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: {
              failures: sql`case when ${loginFailures.lastFailureAt} < ${resetBefore.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
              lastFailureAt: now,
            },
          });
      }
    },

    async clear(key: string): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, [key]));
    },

    async purgeBefore(time: Date): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.lastFailureAt, time));
    },
  };
}

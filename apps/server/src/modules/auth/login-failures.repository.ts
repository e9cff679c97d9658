import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from './auth.schema';

export interface FailureCount {
  failures: number;
  lastFailureAt: Date;
}

/** A count's key, and the key of the account it belongs to (both hashed). */
export interface FailureKey {
  key: string;
  account: string;
}

/** How the back-off of one key is computed: see LoginGuard. */
export interface BackOff {
  /** Failures before the wait starts. */
  freeFailures: number;
  /** The longest wait, in milliseconds. */
  maxDelayMs: number;
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;

export function createLoginFailuresRepository(db: Db) {
  const resetCase = (resetBefore: Date) =>
    sql`case when ${loginFailures.lastFailureAt} < ${resetBefore.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`;

  return {
    async read(keys: string[]): Promise<Map<string, FailureCount>> {
      const rows = await db.select().from(loginFailures).where(inArray(loginFailures.key, keys));
      return new Map(
        rows.map((row) => [row.key, { failures: row.failures, lastFailureAt: row.lastFailureAt }]),
      );
    },

    /**
     * Counts one failure on `key` only if its back-off lets an attempt through now, and says whether it
     * did. Checking and counting are one statement: the upsert locks the row, so parallel attempts queue
     * on it and each sees the count of the one before (otherwise all of them would read the same old count
     * and all get a guess through). A count whose last failure is older than `resetBefore` starts again.
     */
    async admit(
      { key, account }: FailureKey,
      now: Date,
      resetBefore: Date,
      { freeFailures, maxDelayMs }: BackOff,
    ): Promise<boolean> {
      const at = now.toISOString();
      const rows = await db
        .insert(loginFailures)
        .values({ key, account, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: { failures: resetCase(resetBefore), lastFailureAt: now },
          setWhere: sql`${loginFailures.lastFailureAt} < ${resetBefore.toISOString()}::timestamptz
            or ${loginFailures.failures} < ${freeFailures}::int
            or ${loginFailures.lastFailureAt}
              + least(${maxDelayMs}::float8, 1000 * power(2::float8, ${loginFailures.failures} - ${freeFailures}::int))
              * interval '1 millisecond' <= ${at}::timestamptz`,
        })
        .returning({ key: loginFailures.key });
      return rows.length > 0;
    },

    /** Counts one failure on `key`, whatever its count (see admit for `resetBefore`). */
    async record({ key, account }: FailureKey, now: Date, resetBefore: Date): Promise<void> {
      await db
        .insert(loginFailures)
        .values({ key, account, failures: 1, lastFailureAt: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: { failures: resetCase(resetBefore), lastFailureAt: now },
        });
    },

    /** Takes back one failure counted on `key` in advance by an attempt that then succeeded. */
    async uncount(key: string): Promise<void> {
      await db
        .update(loginFailures)
        .set({ failures: sql`${loginFailures.failures} - 1` })
        .where(and(eq(loginFailures.key, key), sql`${loginFailures.failures} > 0`));
    },

    async clear(key: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },

    /** Forgets every count of an account: its own and those of each IP on it. */
    async clearAccount(account: string): Promise<void> {
      await db
        .delete(loginFailures)
        .where(or(eq(loginFailures.key, account), eq(loginFailures.account, account)));
    },

    async purgeBefore(time: Date): Promise<void> {
      await db.delete(loginFailures).where(lt(loginFailures.lastFailureAt, time));
    },
  };
}

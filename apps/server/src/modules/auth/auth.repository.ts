import { and, eq, isNull, type SQL, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations, refreshTokens, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'organisationId' | 'role' | 'createdAt'>;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = Pick<
  typeof refreshTokens.$inferInsert,
  'userId' | 'familyId' | 'tokenHash' | 'expiresAt'
>;

export type AuthRepository = ReturnType<typeof createAuthRepository>;

export function createAuthRepository(db: Db) {
  const firstUser = async (where: SQL) => (await db.select().from(users).where(where).limit(1))[0] ?? null;

  return {
    findUserById: (id: number) => firstUser(eq(users.id, id)),
    findUserByEmail: (email: string) => firstUser(eq(users.email, email)),
    findUserByGoogleSubject: (subject: string) => firstUser(eq(users.googleSubject, subject)),

    async userExists(userId: number, organisationId: number): Promise<boolean> {
      const found = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .limit(1);
      return found.length > 0;
    },

    /** A new organisation and its owner, both or neither. */
    createOrganisationWithOwner(organisationName: string, user: NewUser): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [organisation] = await tx.insert(organisations).values({ name: organisationName }).returning();
        if (!organisation) throw new Error('organisation insert returned no row');
        const [owner] = await tx
          .insert(users)
          .values({ ...user, organisationId: organisation.id, role: 'owner' })
          .returning();
        if (!owner) throw new Error('user insert returned no row');
        return owner;
      });
    },

    async linkGoogleSubject(userId: number, subject: string): Promise<void> {
      await db.update(users).set({ googleSubject: subject }).where(eq(users.id, userId));
    },

    async insertRefreshToken(token: NewRefreshToken): Promise<void> {
      await db.insert(refreshTokens).values(token);
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | null> {
      return (
        (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1))[0] ??
        null
      );
    },

    /**
     * Stores `next` and marks token `usedId` as replaced by it — only if `usedId` is still unused and
     * unrevoked. False means another request got there first (a reuse), and nothing was stored.
     */
    async rotateRefreshToken(usedId: number, next: NewRefreshToken): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(refreshTokens).values(next).returning({ id: refreshTokens.id });
          const claimed = await tx
            .update(refreshTokens)
            .set({ replacedBy: inserted?.id })
            .where(
              and(
                eq(refreshTokens.id, usedId),
                isNull(refreshTokens.replacedBy),
                isNull(refreshTokens.revokedAt),
              ),
            )
            .returning({ id: refreshTokens.id });
          if (claimed.length === 0) tx.rollback();
          return true;
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      }
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
  };
}

import { and, eq, gt, isNull, lt, ne, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import type { UserRow } from './auth.ports';
import { emailTokens, organisations, refreshTokens, users } from './auth.schema';
import type { TokenState } from './token-users';

export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'organisationId' | 'role' | 'createdAt'>;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = Pick<
  typeof refreshTokens.$inferInsert,
  'userId' | 'familyId' | 'tokenHash' | 'expiresAt'
>;

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/** What a member may change of their own account on the profile page. */
export type ProfilePatch = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'timeZone' | 'weeklyDigest'>>;

/** A user with the name of their organisation, as the web shows the account. */
export interface Account {
  user: UserRow;
  organisationName: string;
}

type Tx = DbTransaction;

/** Revokes every refresh-token family of the user and uses up every emailed link still open. */
async function endEverySignIn(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}

/**
 * `usersChanged`: told the ids of users whose role, verified address, token cut-off or existence a write
 * changed, once it is committed (token-users.ts forgets what it read of them).
 */
export function createAuthRepository(
  db: Db,
  { usersChanged }: { usersChanged: (userIds: number[]) => void },
) {
  // Every authenticated request asks this: prepared, so PostgreSQL parses and plans it once per connection.
  const tokenStateStatement = db
    .select({
      organisationId: users.organisationId,
      role: users.role,
      verifiedAt: users.emailVerifiedAt,
      validAfter: users.tokensValidAfter,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('token_state');
  /** The user and their organisation's name; null when the user is gone. */
  const findAccount = async (id: number): Promise<Account | null> => {
    const [row] = await db
      .select({ user: users, organisationName: organisations.name })
      .from(users)
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(eq(users.id, id))
      .limit(1);
    return row ?? null;
  };
  const firstUser = async (where: SQL) => (await db.select().from(users).where(where).limit(1))[0] ?? null;

  return {
    findUserById: (id: number) => firstUser(eq(users.id, id)),
    findUserByEmail: (email: string) => firstUser(eq(users.email, email)),
    findUserByGoogleSubject: (subject: string) => firstUser(eq(users.googleSubject, subject)),

    findAccount,

    /**
     * The member's own names and time zone, only the fields given; the account as it now is, or null when
     * gone. None of them is token state (token-users.ts), so nothing is forgotten.
     */
    async updateProfile(userId: number, patch: ProfilePatch): Promise<Account | null> {
      if (Object.keys(patch).length > 0) await db.update(users).set(patch).where(eq(users.id, userId));
      return findAccount(userId);
    },

    /**
     * A new password from its owner, signed in: stored only while the password is still the one they
     * proved (`provedHash`), so of two changes racing each other one wins and the other is refused. Every
     * other sign-in ends (refresh-token families but `keepFamily`, so their event streams close too) and
     * open reset links are used up; this sign-in's tokens stay valid. The number of sign-ins ended, or null
     * when the password had changed meanwhile.
     */
    async changePassword(
      userId: number,
      provedHash: string,
      passwordHash: string,
      keepFamily: string | null,
      now: Date,
    ): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.id, userId), eq(users.passwordHash, provedHash)))
          .returning({ id: users.id });
        if (!changed) return null;
        const others = and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          keepFamily ? ne(refreshTokens.familyId, keepFamily) : undefined,
        );
        const ended = await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(others)
          .returning({ familyId: refreshTokens.familyId });
        await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(
            and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)),
          );
        return new Set(ended.map((row) => row.familyId)).size;
      });
    },

    /** What decides whether the user's access tokens still speak for them (token-users.ts); null if gone. */
    async tokenState(userId: number): Promise<TokenState | null> {
      const [found] = await tokenStateStatement.execute({ userId });
      if (!found) return null;
      const { verifiedAt, ...state } = found;
      return { ...state, emailVerified: verifiedAt !== null };
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

    /**
     * Links a Google account to a signed-in user who has none, keeping their password and sign-ins: Google
     * proved the address, so it is verified too. False when the user has a Google account already (or is
     * gone); a subject linked to another user is a unique violation.
     */
    async linkGoogleSubject(userId: number, subject: string, now: Date): Promise<boolean> {
      const linked = await db
        .update(users)
        .set({ googleSubject: subject, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
        .where(and(eq(users.id, userId), isNull(users.googleSubject)))
        .returning({ id: users.id });
      usersChanged([userId]);
      return linked.length > 0;
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

    /**
     * Stores a link's token unless the user was sent `max` links of this purpose since `since`; false when
     * the allowance is used up. The user's row is locked while counting, so requests racing each other
     * cannot all see room for one more.
     */
    async createEmailTokenWithin(
      token: typeof emailTokens.$inferInsert,
      max: number,
      since: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, token.userId)).for('update');
        const sent = await tx.$count(
          emailTokens,
          and(
            eq(emailTokens.userId, token.userId),
            eq(emailTokens.purpose, token.purpose),
            gt(emailTokens.createdAt, since),
          ),
        );
        if (sent >= max) return false;
        await tx.insert(emailTokens).values(token);
        return true;
      });
    },

    /** Forgets links that expired before `before`: they can never work again. */
    async purgeEmailTokens(before: Date): Promise<void> {
      await db.delete(emailTokens).where(lt(emailTokens.expiresAt, before));
    },

    /** Uses a link's token once: the user it was for, or null when unknown, used, expired or for another purpose. */
    async consumeEmailToken(
      tokenHash: string,
      purpose: 'verify' | 'reset',
      now: Date,
    ): Promise<number | null> {
      const [used] = await db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.tokenHash, tokenHash),
            eq(emailTokens.purpose, purpose),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
        .returning({ userId: emailTokens.userId });
      return used?.userId ?? null;
    },

    /** Marks the address verified (kept when it was already); false when the user no longer exists. */
    async markEmailVerified(userId: number, now: Date): Promise<boolean> {
      const marked = await db
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      usersChanged([userId]);
      return marked.length > 0;
    },

    /**
     * A new password from a reset link, all or nothing: the token is used up, the address is proven, and
     * every sign-in of the account ends: refresh-token families (and so event streams), access tokens
     * issued before now, and every other emailed link. The user's email, or null when the token is
     * unknown, used or expired.
     */
    async resetPassword(tokenHash: string, passwordHash: string, now: Date): Promise<string | null> {
      let userId: number | undefined;
      const email = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailTokens.tokenHash, tokenHash),
              eq(emailTokens.purpose, 'reset'),
              isNull(emailTokens.usedAt),
              gt(emailTokens.expiresAt, now),
            ),
          )
          .returning({ userId: emailTokens.userId });
        if (!used) return null;
        userId = used.userId;
        const [changed] = await tx
          .update(users)
          .set({ passwordHash, tokensValidAfter: now })
          .where(eq(users.id, userId))
          .returning({ email: users.email });
        await tx
          .update(users)
          .set({ emailVerifiedAt: now })
          .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
        await endEverySignIn(tx, userId, now);
        return changed?.email ?? null;
      });
      if (userId !== undefined) usersChanged([userId]);
      return email;
    },

    /**
     * A verification link as its page shows it, changing nothing: the address it was mailed to, whether that
     * address is verified, and whether the link is used or expired. Null for an unknown token.
     */
    async verificationLink(tokenHash: string) {
      const [row] = await db
        .select({
          email: users.email,
          verifiedAt: users.emailVerifiedAt,
          usedAt: emailTokens.usedAt,
          expiresAt: emailTokens.expiresAt,
        })
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.userId))
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, 'verify')))
        .limit(1);
      return row ?? null;
    },

    /**
     * Google proved the address of an account with no Google account linked: whoever set its password may
     * not own the address (a verified address proves little when a mail scanner or the victim may have
     * opened the verification mail of someone else's registration), so the password goes and every sign-in
     * ends before Google is linked. False when another sign-in linked a Google account first.
     */
    async takeOverForGoogle(userId: number, googleSubject: string, now: Date): Promise<boolean> {
      const taken = await db.transaction(async (tx) => {
        // Only an account still unlinked: a racing sign-in must not take it twice.
        const taken = await tx
          .update(users)
          .set({
            passwordHash: null,
            googleSubject,
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
            tokensValidAfter: now,
          })
          .where(and(eq(users.id, userId), isNull(users.googleSubject)))
          .returning({ id: users.id });
        if (taken.length === 0) return false;
        await endEverySignIn(tx, userId, now);
        return true;
      });
      usersChanged([userId]);
      return taken;
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
  };
}

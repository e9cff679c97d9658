import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import type { MemberAccounts, MemberRow } from './auth.ports';
import { organisations, refreshTokens, users } from './auth.schema';

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  agentId: users.agentId,
  createdAt: users.createdAt,
};

/**
 * Locks the organisation's row, so changes that must leave it an owner (a demotion, a removal) run one at
 * a time: two owners demoting each other at once cannot both succeed.
 */
async function lockOrganisation(tx: DbTransaction, organisationId: number): Promise<void> {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
}

async function roleIn(tx: DbTransaction, organisationId: number, userId: number) {
  const [row] = await tx
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
  return row ?? null;
}

async function otherOwners(tx: DbTransaction, organisationId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.role, 'owner'), ne(users.id, userId)));
  return row?.count ?? 0;
}

/**
 * Revokes every refresh token of the user: their event streams close (stream-guard.ts) and they sign in
 * again. Their access tokens may live out their minutes: every request reads the role anew.
 */
async function endSignIns(tx: DbTransaction, userId: number, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The accounts of an organisation as the members module changes them (the port MemberAccounts). */
export function createAccountsRepository(db: Db): MemberAccounts {
  return {
    list(organisationId) {
      return db
        .select(memberColumns)
        .from(users)
        .where(eq(users.organisationId, organisationId))
        .orderBy(asc(users.createdAt), asc(users.id));
    },

    async find(organisationId, userId) {
      const [row] = await db
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
      return row ?? null;
    },

    async accountOrganisation(email) {
      const [row] = await db
        .select({ organisationId: users.organisationId })
        .from(users)
        .where(eq(users.email, email));
      return row?.organisationId ?? null;
    },

    changeRole(organisationId, userId, role, now) {
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        const current = await roleIn(tx, organisationId, userId);
        if (!current) return 'not-found';
        const previousRole = current.role;
        if (current.role === role) {
          const [same] = await tx.select(memberColumns).from(users).where(eq(users.id, userId));
          return same ? { ...same, previousRole } : 'not-found';
        }
        if (current.role === 'owner' && (await otherOwners(tx, organisationId, userId)) === 0)
          return 'last-owner';
        const [updated] = await tx
          .update(users)
          .set({ role })
          .where(eq(users.id, userId))
          .returning(memberColumns);
        await endSignIns(tx, userId, now);
        return updated ? { ...updated, previousRole } : 'not-found';
      });
    },

    remove(organisationId, userId) {
      return db.transaction(async (tx): Promise<MemberRow | 'not-found' | 'last-owner'> => {
        await lockOrganisation(tx, organisationId);
        const current = await roleIn(tx, organisationId, userId);
        if (!current) return 'not-found';
        if (current.role === 'owner' && (await otherOwners(tx, organisationId, userId)) === 0)
          return 'last-owner';
        const [removed] = await tx.delete(users).where(eq(users.id, userId)).returning(memberColumns);
        return removed ?? 'not-found';
      });
    },

    linkAgent(organisationId, userId, agentId) {
      return db.transaction(async (tx) => {
        if (agentId !== null) {
          const [holder] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.agentId, agentId), ne(users.id, userId)));
          if (holder) return 'agent-taken';
        }
        const [before] = await tx
          .select({ agentId: users.agentId })
          .from(users)
          .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
        if (!before) return 'not-found';
        const [updated] = await tx
          .update(users)
          .set({ agentId })
          .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
          .returning(memberColumns);
        return updated ? { ...updated, previousAgentId: before.agentId } : 'not-found';
      });
    },

    async insertMember(tx, member) {
      const [user] = await tx.insert(users).values(member).returning();
      if (!user) throw new Error('user insert returned no row');
      return user;
    },
  };
}

import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbTransaction } from '../../db/client';
// Read only, to tell whether an unverified account holds something (the chats and sessions modules own them).
import { chats } from '../chats/chats.schema';
import { waSessions } from '../sessions/sessions.schema';
import type { AddressHolder, MemberAccounts, MemberRow } from './auth.ports';
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

/** Whether any row of `table` matches: one row is enough. */
async function anyRow(q: Db | DbTransaction, table: PgTable, where: SQL): Promise<boolean> {
  const rows = await q.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/**
 * Whether the account's organisation holds anything besides the account itself: saved chats, WhatsApp
 * sessions (linked or not: their messages stay) or other members. Everything else it may have (agents,
 * labels, open invitations, unsaved uploads) goes with the organisation.
 */
async function organisationHoldsSomething(
  q: Db | DbTransaction,
  organisationId: number,
  userId: number,
): Promise<boolean> {
  return (
    (await anyRow(q, chats, eq(chats.organisationId, organisationId))) ||
    (await anyRow(q, waSessions, eq(waSessions.organisationId, organisationId))) ||
    (await anyRow(q, users, and(eq(users.organisationId, organisationId), ne(users.id, userId)) as SQL))
  );
}

/**
 * What holds `email` for an invitation of `organisationId`. With `lock` (inside a transaction), the
 * account's organisation row is locked first and the account read again: a chat, session or member being
 * added to it commits before the check (and is seen) or waits until the caller's transaction ends.
 */
async function holderOf(
  q: Db | DbTransaction,
  email: string,
  organisationId: number,
  { lock = false } = {},
): Promise<{ holder: AddressHolder; account?: { id: number; organisationId: number } }> {
  const read = async (where: SQL) =>
    (
      await q
        .select({ id: users.id, organisationId: users.organisationId, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(where)
    )[0];
  let account = await read(eq(users.email, email));
  if (!account) return { holder: 'none' };
  if (account.organisationId === organisationId) return { holder: 'member' };
  if (lock) {
    await lockOrganisation(q as DbTransaction, account.organisationId);
    account = await read(
      and(eq(users.id, account.id), eq(users.organisationId, account.organisationId)) as SQL,
    );
    // Gone meanwhile: the address is free (an account made since then makes the insert a unique violation).
    if (!account) return { holder: 'none' };
  }
  if (account.verifiedAt) return { holder: 'verified' };
  if (await organisationHoldsSomething(q, account.organisationId, account.id))
    return { holder: 'unverified-in-use' };
  return { holder: 'unverified-empty', account };
}

/** The accounts of an organisation as the members module changes them (the port MemberAccounts). */
/** `usersChanged`: as createAuthRepository's (role changes and removals). */
export function createAccountsRepository(
  db: Db,
  { usersChanged }: { usersChanged: (userIds: number[]) => void },
): MemberAccounts {
  // The account freeAddress deleted, per transaction, until its caller reports the commit.
  const removedInTransaction = new WeakMap<DbTransaction, number>();
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

    async addressHolder(email, organisationId) {
      return (await holderOf(db, email, organisationId)).holder;
    },

    async freeAddress(tx, email, organisationId) {
      const { holder, account } = await holderOf(tx, email, organisationId, { lock: true });
      if (holder !== 'unverified-empty' || !account) return holder;
      // Still unverified at the delete: a verification committed since the check wins (the condition is
      // checked again on the row as it is now).
      const [deleted] = await tx
        .delete(users)
        .where(and(eq(users.id, account.id), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      if (!deleted) return 'verified';
      await tx.delete(organisations).where(eq(organisations.id, account.organisationId));
      // Forgotten now and again once the caller has committed (`accountsRemoved`): a request of the deleted
      // account in between would read the row as it still is and keep it.
      usersChanged([account.id]);
      removedInTransaction.set(tx, account.id);
      return holder;
    },

    accountsRemoved(tx) {
      const id = removedInTransaction.get(tx);
      if (id !== undefined) usersChanged([id]);
    },

    async changeRole(organisationId, userId, role, now) {
      const result = await db.transaction(async (tx) => {
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
      usersChanged([userId]);
      return result;
    },

    async remove(organisationId, userId) {
      const result = await db.transaction(async (tx): Promise<MemberRow | 'not-found' | 'last-owner'> => {
        await lockOrganisation(tx, organisationId);
        const current = await roleIn(tx, organisationId, userId);
        if (!current) return 'not-found';
        if (current.role === 'owner' && (await otherOwners(tx, organisationId, userId)) === 0)
          return 'last-owner';
        const [removed] = await tx.delete(users).where(eq(users.id, userId)).returning(memberColumns);
        return removed ?? 'not-found';
      });
      usersChanged([userId]);
      return result;
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

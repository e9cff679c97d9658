import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, invitations, organisations, refreshTokens, type UserRole, users } from '../../db/schema';

export type MemberRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'agentId' | 'createdAt'
>;
export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = Pick<
  typeof invitations.$inferInsert,
  'organisationId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt' | 'createdAt'
>;
export type NewMember = Pick<
  typeof users.$inferInsert,
  'email' | 'passwordHash' | 'firstName' | 'lastName' | 'emailVerifiedAt'
>;

export type MembersRepository = ReturnType<typeof createMembersRepository>;

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  agentId: users.agentId,
  createdAt: users.createdAt,
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the organisation's row, so changes that must leave it an owner (a demotion, a removal) run one at
 * a time: two owners demoting each other at once cannot both succeed.
 */
async function lockOrganisation(tx: Tx, organisationId: number): Promise<void> {
  await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
}

async function roleIn(tx: Tx, organisationId: number, userId: number) {
  const [row] = await tx
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
  return row ?? null;
}

async function otherOwners(tx: Tx, organisationId: number, userId: number): Promise<number> {
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
async function endSignIns(tx: Tx, userId: number, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export function createMembersRepository(db: Db) {
  return {
    list(organisationId: number): Promise<MemberRow[]> {
      return db
        .select(memberColumns)
        .from(users)
        .where(eq(users.organisationId, organisationId))
        .orderBy(asc(users.createdAt), asc(users.id));
    },

    async find(organisationId: number, userId: number): Promise<MemberRow | null> {
      const [row] = await db
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
      return row ?? null;
    },

    /** Which organisation an address already has an account in, if any. */
    async accountOrganisation(email: string): Promise<number | null> {
      const [row] = await db
        .select({ organisationId: users.organisationId })
        .from(users)
        .where(eq(users.email, email));
      return row?.organisationId ?? null;
    },

    /**
     * A new role, unless it would leave the organisation without an owner ('last-owner'); the member's
     * sign-ins end (endSignIns).
     */
    changeRole(
      organisationId: number,
      userId: number,
      role: UserRole,
      now: Date,
    ): Promise<(MemberRow & { previousRole: UserRole }) | 'not-found' | 'last-owner'> {
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

    /** Deletes the account (its sign-ins, event streams and saved chats go with it), keeping an owner. */
    remove(organisationId: number, userId: number): Promise<MemberRow | 'not-found' | 'last-owner'> {
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        const current = await roleIn(tx, organisationId, userId);
        if (!current) return 'not-found';
        if (current.role === 'owner' && (await otherOwners(tx, organisationId, userId)) === 0)
          return 'last-owner';
        const [removed] = await tx.delete(users).where(eq(users.id, userId)).returning(memberColumns);
        return removed ?? 'not-found';
      });
    },

    /** Links the member to one of the organisation's agents (or unlinks with null). */
    async linkAgent(
      organisationId: number,
      userId: number,
      agentId: number | null,
    ): Promise<
      | (MemberRow & { previousAgentId: number | null; agentName: string | null })
      | 'not-found'
      | 'agent-not-found'
      | 'agent-taken'
    > {
      return db.transaction(async (tx) => {
        let agentName: string | null = null;
        if (agentId !== null) {
          const [agent] = await tx
            .select({ id: agents.id, name: agents.name })
            .from(agents)
            .where(and(eq(agents.organisationId, organisationId), eq(agents.id, agentId)));
          if (!agent) return 'agent-not-found';
          agentName = agent.name;
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
        return updated ? { ...updated, previousAgentId: before.agentId, agentName } : 'not-found';
      });
    },

    /** A new invitation; earlier open ones to the same address in the organisation are revoked. */
    async invite(invitation: NewInvitation): Promise<InvitationRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(invitations)
          .set({ revokedAt: invitation.createdAt })
          .where(
            and(
              eq(invitations.organisationId, invitation.organisationId),
              eq(invitations.email, invitation.email),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          );
        const [row] = await tx.insert(invitations).values(invitation).returning();
        if (!row) throw new Error('invitation insert returned no row');
        return row;
      });
    },

    /** Invitations neither accepted, revoked nor expired. */
    openInvitations(organisationId: number, now: Date): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.organisationId, organisationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .orderBy(asc(invitations.createdAt), asc(invitations.id));
    },

    /** The revoked invitation's address and role; null when it was not open. */
    async revokeInvitation(
      organisationId: number,
      invitationId: number,
      now: Date,
    ): Promise<{ email: string; role: UserRole } | null> {
      const [revoked] = await db
        .update(invitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(invitations.organisationId, organisationId),
            eq(invitations.id, invitationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning({ email: invitations.email, role: invitations.role });
      return revoked ?? null;
    },

    /** What an invitation mail says: the organisation's name and the inviting member's name. */
    async invitationSender(organisationId: number, userId: number) {
      const [row] = await db
        .select({
          organisationName: organisations.name,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .innerJoin(organisations, eq(organisations.id, users.organisationId))
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
      return row
        ? { organisationName: row.organisationName, inviter: `${row.firstName} ${row.lastName}`.trim() }
        : null;
    },

    /** An open invitation by its token's hash, with its organisation's name. */
    async openInvitation(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ invitation: invitations, organisationName: organisations.name })
        .from(invitations)
        .innerJoin(organisations, eq(organisations.id, invitations.organisationId))
        .where(
          and(
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, now),
          ),
        );
      return row ?? null;
    },

    /**
     * Uses the invitation and creates the account in its organisation, both or neither: a link used twice
     * at once creates one account. 'used' when the invitation is no longer open.
     */
    accept(invitationId: number, member: NewMember, now: Date) {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(invitations)
          .set({ acceptedAt: now })
          .where(
            and(
              eq(invitations.id, invitationId),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
              gt(invitations.expiresAt, now),
            ),
          )
          .returning();
        if (!used) return 'used' as const;
        const [user] = await tx
          .insert(users)
          .values({ ...member, organisationId: used.organisationId, role: used.role })
          .returning();
        if (!user) throw new Error('user insert returned no row');
        return user;
      });
    },
  };
}

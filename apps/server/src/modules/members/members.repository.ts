import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { lockOrganisation } from '../../db/organisation-lock';
import { organisations, type UserRole, users } from '../auth/auth.schema';
import { invitations } from './members.schema';

/**
 * The first half of an invited address's lock (two-int key: this, the address's hash): see
 * chats/attachments.repository.ts for the others in this range.
 */
export const INVITED_ADDRESS_LOCK = 7_212_304;

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = Pick<
  typeof invitations.$inferInsert,
  'organisationId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt' | 'createdAt'
>;

export type MembersRepository = ReturnType<typeof createMembersRepository>;

/** When invitations were sent since a time (invitation-limits.ts counts them). */
export interface SentInvitations {
  /** By the inviting organisation. */
  byOrganisation(since: Date): Promise<Date[]>;
  /** To the invited address, by any organisation. */
  toAddress(since: Date): Promise<Date[]>;
}

export function createMembersRepository(db: Db) {
  return {
    /**
     * A new invitation; earlier open ones to the same address in the organisation are revoked. `withinLimits`
     * first reads the invitations sent before it, in the same transaction, and throws to store nothing.
     */
    async invite(
      withinLimits: (sent: SentInvitations) => Promise<void>,
      invitation: NewInvitation,
    ): Promise<InvitationRow> {
      return db.transaction(async (tx) => {
        await lockOrganisation(tx, invitation.organisationId);
        // And the address: the per-address count spans organisations, whose own locks do not meet.
        await tx.execute(
          sql`select pg_advisory_xact_lock(${INVITED_ADDRESS_LOCK}, hashtext(${invitation.email}))`,
        );
        const sentAt = (which: SQL | undefined) =>
          tx
            .select({ at: invitations.createdAt })
            .from(invitations)
            .where(which)
            .then((rows) => rows.map((row) => row.at));
        await withinLimits({
          byOrganisation: (since) =>
            sentAt(
              and(
                eq(invitations.organisationId, invitation.organisationId),
                gt(invitations.createdAt, since),
              ),
            ),
          toAddress: (since) =>
            sentAt(and(eq(invitations.email, invitation.email), gt(invitations.createdAt, since))),
        });
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

    /** An invitation whose mail could not be sent: as if it had never been made (it counts towards no limit). */
    async discardInvitation(organisationId: number, invitationId: number): Promise<void> {
      await db
        .delete(invitations)
        .where(and(eq(invitations.organisationId, organisationId), eq(invitations.id, invitationId)));
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
     * Uses the invitation and creates the account in its organisation (`createAccount`, auth's port, inside
     * this transaction), both or neither: a link used twice at once creates one account. 'used' when the
     * invitation is no longer open.
     */
    accept<T>(
      invitationId: number,
      now: Date,
      createAccount: (tx: DbTransaction, invitation: InvitationRow) => Promise<T>,
    ): Promise<T | 'used'> {
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
        return createAccount(tx, used);
      });
    },
  };
}

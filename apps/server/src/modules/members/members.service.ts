import {
  type acceptInvitationRequest,
  type ExistingAccount,
  type Invitation,
  type InvitationLookup,
  type Member,
  type MemberRole,
  type MembersResponse,
  memberMessages,
  roleAtLeast,
  type TokenPair,
} from '@wadesk/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { DbTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { type AuditRecorder, byMember } from '../audit/audit.service';
import type { AddressHolder, MemberAccounts, MemberRow, UserRow } from '../auth/auth.ports';
import type { SignInMethod } from '../auth/auth.service';
import type { RequestUser } from '../auth/authenticate';
import type { Passwords } from '../auth/passwords';
import { hashRefreshToken, newRefreshToken } from '../auth/tokens';
import { invitationLimits } from './invitation-limits';
import { invitationMail } from './invitation-mail';
import type { InvitationRow, MembersRepository } from './members.repository';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface MembersServiceDeps {
  /** Invitations: this module's own table. */
  repo: MembersRepository;
  /** The accounts themselves, which the auth module owns and writes (auth.ports.ts). */
  accounts: MemberAccounts;
  /** The agents module: the name of the agent a member is linked to, and whether it is the organisation's. */
  agents: { name(organisationId: number, agentId: number): Promise<string | null> };
  mailer: Mailer;
  passwords: Passwords;
  clock: Clock;
  /** PUBLIC_URL: invitation links open the SPA there. */
  publicUrl: string;
  /** An invitation mail failed: the owner is told; the cause goes to the log. */
  onMailError(error: unknown): void;
  /** Signs the new member in (auth.service.ts), as a registration does. */
  signIn(user: UserRow, method: SignInMethod): Promise<TokenPair>;
  /** Invitations, joins, role changes and removals go in the audit log. */
  audit: AuditRecorder;
  /** The organisation's members or invitations changed: open Members pages refresh. */
  onChange(organisationId: number): void;
}

export type MembersService = ReturnType<typeof createMembersService>;

/** What the invitation page is told about the account that already holds the invited address. */
const EXISTING_ACCOUNT: Record<AddressHolder, ExistingAccount> = {
  none: 'none',
  'unverified-empty': 'unverified_empty',
  'unverified-in-use': 'unverified_in_use',
  verified: 'taken',
  member: 'taken',
};

const toMember = (row: MemberRow): Member => ({
  id: row.id,
  email: row.email,
  first_name: row.firstName,
  last_name: row.lastName,
  role: row.role,
  agent_id: row.agentId,
  joined_at: row.createdAt.toISOString(),
});

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

/**
 * The people of an organisation: owners invite by email and change roles or remove members; a change
 * takes effect at once, because every request reads the caller's current role (authenticate.ts) and the
 * member's sign-ins end.
 */
export function createMembersService(deps: MembersServiceDeps) {
  const {
    repo,
    accounts,
    agents,
    mailer,
    passwords,
    clock,
    publicUrl,
    signIn,
    onMailError,
    audit,
    onChange,
  } = deps;
  const record = (...entry: Parameters<typeof byMember>) => audit.record(byMember(...entry));
  const invitationLink = (token: string) => `${publicUrl}/accept-invitation?token=${token}`;

  return {
    async list(caller: RequestUser): Promise<MembersResponse> {
      const members = (await accounts.list(caller.organisationId)).map(toMember);
      const invitations = roleAtLeast(caller.role, 'owner')
        ? (await repo.openInvitations(caller.organisationId, clock())).map(toInvitation)
        : [];
      return { members, invitations };
    },

    async invite(
      caller: RequestUser,
      email: string,
      role: Exclude<MemberRole, 'owner'>,
    ): Promise<Invitation> {
      // An unverified account elsewhere may be a squatter's registration of this address: the invitation
      // goes out, and accepting it from the mail decides (accept).
      const holder = await accounts.addressHolder(email, caller.organisationId);
      if (holder === 'member') throw new AppError(409, memberMessages.alreadyMember);
      if (holder === 'verified') throw new AppError(409, memberMessages.accountElsewhere);
      const token = newRefreshToken();
      const now = clock();
      const invitation = await repo.invite(invitationLimits(now), {
        organisationId: caller.organisationId,
        email,
        role,
        tokenHash: hashRefreshToken(token),
        invitedBy: caller.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      });
      try {
        const sender = await repo.invitationSender(caller.organisationId, caller.id);
        await mailer.send({ to: email, ...invitationMail(sender, role, invitationLink(token)) });
      } catch (error) {
        // A link nobody received must not stay open, nor count as a mail sent: the owner invites again.
        await repo.discardInvitation(caller.organisationId, invitation.id);
        onMailError(error);
        throw new AppError(502, memberMessages.mailFailed);
      }
      await record(caller, 'member.invited', email, { role });
      onChange(caller.organisationId);
      return toInvitation(invitation);
    },

    async revokeInvitation(caller: RequestUser, invitationId: number): Promise<void> {
      const revoked = await repo.revokeInvitation(caller.organisationId, invitationId, clock());
      if (!revoked) throw new AppError(404, memberMessages.invitationNotFound);
      await record(caller, 'member.invitation_revoked', revoked.email, { role: revoked.role });
      onChange(caller.organisationId);
    },

    async changeRole(caller: RequestUser, userId: number, role: MemberRole): Promise<Member> {
      const result = await accounts.changeRole(caller.organisationId, userId, role, clock());
      if (result === 'not-found') throw new AppError(404, memberMessages.notFound);
      if (result === 'last-owner') throw new AppError(409, memberMessages.lastOwner);
      if (result.previousRole !== role)
        await record(caller, 'member.role_changed', result.email, { from: result.previousRole, to: role });
      onChange(caller.organisationId);
      return toMember(result);
    },

    async remove(caller: RequestUser, userId: number): Promise<void> {
      const result = await accounts.remove(caller.organisationId, userId);
      if (result === 'not-found') throw new AppError(404, memberMessages.notFound);
      if (result === 'last-owner') throw new AppError(409, memberMessages.lastOwner);
      await record(caller, 'member.removed', result.email, { role: result.role });
      onChange(caller.organisationId);
    },

    async linkAgent(caller: RequestUser, userId: number, agentId: number | null): Promise<Member> {
      const agentName = agentId === null ? null : await agents.name(caller.organisationId, agentId);
      if (agentId !== null && agentName === null) throw new AppError(404, memberMessages.agentNotFound);
      const result = await accounts.linkAgent(caller.organisationId, userId, agentId);
      if (result === 'not-found') throw new AppError(404, memberMessages.notFound);
      if (result === 'agent-taken') throw new AppError(409, memberMessages.agentTaken);
      if (result.previousAgentId !== agentId)
        await record(caller, 'member.agent_linked', result.email, {
          agent_id: agentId,
          agent_name: agentName,
        });
      onChange(caller.organisationId);
      return toMember(result);
    },

    async lookup(token: string): Promise<InvitationLookup> {
      const found = await repo.openInvitation(hashRefreshToken(token), clock());
      if (!found) throw new AppError(400, memberMessages.invitationInvalid);
      const { email, organisationId } = found.invitation;
      return {
        organisation_name: found.organisationName,
        email,
        role: found.invitation.role,
        expires_at: found.invitation.expiresAt.toISOString(),
        // The link's holder received the mail at this address: they may know what holds it.
        existing_account: EXISTING_ACCOUNT[await accounts.addressHolder(email, organisationId)],
      };
    },

    /**
     * Creates the invited account (its address verified by the link) and signs it in. The link proves the
     * address, so an unverified account of it that holds nothing is replaced, in the same transaction; one
     * that holds something is kept and the invitation stays open (409 `addressInUse`).
     */
    async accept(input: z.output<typeof acceptInvitationRequest>): Promise<TokenPair> {
      const now = clock();
      const found = await repo.openInvitation(hashRefreshToken(input.token), now);
      if (!found) throw new AppError(400, memberMessages.invitationInvalid);
      const passwordHash = await passwords.hash(input.password1);
      let accepted: { user: UserRow; replaced: boolean } | 'used';
      let transaction: DbTransaction | undefined;
      try {
        accepted = await repo.accept(found.invitation.id, now, async (tx, invitation) => {
          transaction = tx;
          const holder = await accounts.freeAddress(tx, invitation.email, invitation.organisationId);
          // Thrown inside the transaction: the invitation stays open.
          if (holder === 'unverified-in-use') throw new AppError(409, memberMessages.addressInUse);
          if (holder === 'member' || holder === 'verified')
            throw new AppError(409, memberMessages.accountElsewhere);
          const user = await accounts.insertMember(tx, {
            email: invitation.email,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            emailVerifiedAt: now,
            organisationId: invitation.organisationId,
            role: invitation.role,
          });
          return { user, replaced: holder === 'unverified-empty' };
        });
      } catch (error) {
        // The address got an account since the invitation was sent.
        if (isUniqueViolation(error)) throw new AppError(409, memberMessages.accountElsewhere);
        throw error;
      }
      if (transaction) accounts.accountsRemoved(transaction);
      if (accepted === 'used') throw new AppError(400, memberMessages.invitationInvalid);
      const { user, replaced } = accepted;
      const joined = { organisationId: user.organisationId, id: user.id };
      await record(joined, 'member.joined', user.email, {
        role: user.role,
        ...(replaced ? { replaced_unverified_account: true } : {}),
      });
      onChange(user.organisationId);
      return signIn(user, 'invitation');
    },
  };
}

import type { BusinessHours } from '@wadesk/contract';
import type { DbTransaction } from '../../db/client';
import type { UserRole, users } from './auth.schema';

// What other modules may change of auth's tables (users, refresh_tokens, organisations), and only through
// these ports: auth stays their one writer (docs/architecture.md, owner table).

export type UserRow = typeof users.$inferSelect;

/** A member of an organisation as the Members page shows them. */
export type MemberRow = Pick<
  UserRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'agentId' | 'createdAt'
>;

/** An account created from an invitation, in the invitation's organisation and role. */
export type NewMember = Pick<
  typeof users.$inferInsert,
  'email' | 'passwordHash' | 'firstName' | 'lastName' | 'emailVerifiedAt' | 'organisationId' | 'role'
>;

/**
 * What already holds an address an organisation invites (docs/decisions/0016, Invitations): no account; an
 * account in that organisation; a verified account elsewhere; or an unverified account elsewhere — anyone
 * may register someone else's address — that holds nothing (no saved chats, WhatsApp sessions or other
 * members in its organisation), which an accepted invitation replaces, or that holds something, which is
 * never deleted.
 */
export type AddressHolder = 'none' | 'member' | 'verified' | 'unverified-empty' | 'unverified-in-use';

/** The accounts of an organisation, for the members module (accounts.repository.ts). */
export interface MemberAccounts {
  list(organisationId: number): Promise<MemberRow[]>;
  find(organisationId: number, userId: number): Promise<MemberRow | null>;
  /** What holds an address an invitation of `organisationId` goes to (AddressHolder). */
  addressHolder(email: string, organisationId: number): Promise<AddressHolder>;
  /**
   * Inside the caller's transaction (an invitation being accepted, which proves the address): what holds
   * the address, and when that is an unverified account of another organisation that holds nothing, deletes
   * the account and its organisation first. The organisation's row stays locked until the caller commits,
   * so no chat, session or member can arrive in it between the check and the delete, and an account
   * verified meanwhile is kept.
   */
  freeAddress(tx: DbTransaction, email: string, organisationId: number): Promise<AddressHolder>;
  /**
   * Call once the transaction given to `freeAddress` has committed: the account it deleted is forgotten
   * again by the token-state cache (modules/auth/token-users.ts), which a request in between may have
   * filled from the row as it still was.
   */
  accountsRemoved(tx: DbTransaction): void;
  /**
   * A new role, unless it would leave the organisation without an owner ('last-owner'); the member's
   * sign-ins end.
   */
  changeRole(
    organisationId: number,
    userId: number,
    role: UserRole,
    now: Date,
  ): Promise<(MemberRow & { previousRole: UserRole }) | 'not-found' | 'last-owner'>;
  /** Deletes the account (its sign-ins, event streams and saved chats go with it), keeping an owner. */
  remove(organisationId: number, userId: number): Promise<MemberRow | 'not-found' | 'last-owner'>;
  /**
   * Links the member to an agent of the organisation (or unlinks with null): the caller has checked that the
   * agent is the organisation's. 'agent-taken' when another member holds it.
   */
  linkAgent(
    organisationId: number,
    userId: number,
    agentId: number | null,
  ): Promise<(MemberRow & { previousAgentId: number | null }) | 'not-found' | 'agent-taken'>;
  /** Creates the account inside the caller's transaction (an invitation used in the same transaction). */
  insertMember(tx: DbTransaction, member: NewMember): Promise<UserRow>;
}

/** The settings columns of an organisation (organisation-settings.repository.ts), for the settings module. */
export interface SettingsRow {
  /** null: the default list (DEFAULT_ACK_PHRASES in the contract). */
  ackPhrases: string[] | null;
  unansweredMinutes: number;
  /** A business reply sets its ticket to pending (decision 0020). */
  autoPending: boolean;
  /** Days after a close within which a customer message reopens the ticket (decision 0020). */
  reopenDays: number;
  /** null: the default calendar (DEFAULT_BUSINESS_HOURS in the contract). */
  businessHours: BusinessHours | null;
  /** Business minutes before an SLA clock's due time at which "due soon" is told (decision 0028). */
  slaWarningMinutes: number;
  outOfHoursReply: boolean;
  /** null: the default text (DEFAULT_OUT_OF_HOURS_MESSAGE in the contract). */
  outOfHoursMessage: string | null;
  /** Ask "How did we do?" when a member closes a ticket (decision 0030); groups may override it. */
  satisfactionPoll: boolean;
}

export interface OrganisationSettings {
  get(organisationId: number): Promise<SettingsRow | null>;
  /**
   * Only the fields given change; answers the settings as they now are. Inside `tx` when given (settings
   * replaces the SLA policies in the same transaction).
   */
  update(
    organisationId: number,
    patch: Partial<SettingsRow>,
    tx?: DbTransaction,
  ): Promise<SettingsRow | null>;
  /** A new name; the name it had before (for the audit log), or null when there is no such organisation. */
  rename(organisationId: number, name: string): Promise<{ previous: string } | null>;
}

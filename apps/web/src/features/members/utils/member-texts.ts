import type { Member, MemberRole } from '@wadesk/contract';

/** The Members screens' own words; the server's refusals come from the contract's `memberMessages`. */
export const MEMBER_TEXTS = {
  listFailed: 'The members could not be loaded. Reload the page to try again.',
  invited: 'Invitation sent.',
  inviteFailed: 'The invitation could not be sent. Try again.',
  roleChanged: 'Role changed. They sign in again to continue.',
  changeFailed: 'The role could not be changed. Try again.',
  removeFailed: 'The member could not be removed. Try again.',
  revokeFailed: 'The invitation could not be revoked. Try again.',
  /** Beside the disabled controls; the server's 403 says it in full (the contract's `verifyFirst`). */
  verifyToManage: 'Verify your email address to change roles or remove members.',
  emailRequired: 'Enter an email address.',
  joined: 'Welcome! Your account is ready.',
  joinFailed: 'Your account could not be created. Try again.',
  lookupFailed: 'The invitation could not be checked. Try again later.',
  agentLinked: 'Agent phone linked. Replies from it now count as theirs.',
  agentUnlinked: 'Agent phone unlinked.',
  linkFailed: 'The agent phone could not be linked. Try again.',
} as const;

export const ROLES: readonly MemberRole[] = ['owner', 'admin', 'member'];

/** What each role may do (docs/decisions/0016-members-and-roles.md). */
export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: 'Everything, including members',
  admin: 'Sessions, agents and settings',
  member: 'Tickets and chats',
};

/** The organisation keeps an owner: the only owner's role and membership cannot be taken away. */
export function isLastOwner(member: Member, members: readonly Member[]): boolean {
  return member.role === 'owner' && members.filter((other) => other.role === 'owner').length === 1;
}

import { z } from 'zod';
import { authMessages, email, linkToken, password1Schema, registerRequest } from './auth';
import { memberRole } from './roles';

// Members of an organisation: the people who share its desk, and the invitations that bring them in.

export const memberMessages = {
  forbidden: 'Your role does not allow this. Ask an owner of your organisation.',
  alreadyMember: 'This email already belongs to a member of your organisation.',
  accountElsewhere:
    'This email already has a wadesk account in another organisation. An account belongs to one organisation.',
  lastOwner: 'The organisation must keep at least one owner.',
  notFound: 'That member was not found. They may have been removed; reload the list.',
  invitationNotFound: 'That invitation was not found. It may have been revoked; reload the list.',
  invitationInvalid: 'This invitation is invalid, used or expired. Ask for a new one.',
  addressInUse:
    'Someone registered a wadesk account with this address and never verified it, and that account holds saved chats, WhatsApp sessions or other members, so joining cannot replace it. To join this team, ask the person who invited you to invite another address. If this address is yours, you can take that account over instead: "Forgot password?" on the sign-in page mails a link to this address.',
  replacesUnverified:
    'Someone registered a wadesk account with this address but never verified it, and it holds nothing. Joining replaces that account with yours.',
  agentNotFound: 'That agent was not found. It may have been removed; reload the list.',
  agentTaken: 'This agent phone is already linked to another member.',
  mailFailed: 'The invitation mail could not be sent. Try again later.',
  removed: 'Member removed.',
  revoked: 'Invitation revoked.',
} as const;

/** A role an invitation can give: owners are made by changing a member's role. */
export const invitedRole = z.enum(['admin', 'member'], { error: 'Choose a role: admin or member.' });

export const member = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: memberRole,
  /** The agent phone whose replies count as this member's. */
  agent_id: z.number().nullable(),
  /** ISO 8601 */
  joined_at: z.string(),
});
export type Member = z.infer<typeof member>;

export const invitation = z.object({
  id: z.number(),
  email: z.string(),
  role: invitedRole,
  /** ISO 8601 */
  invited_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** GET /org/members/ → the members, oldest first, and (for owners) the invitations still open. */
export const membersResponse = z.object({ members: z.array(member), invitations: z.array(invitation) });
export type MembersResponse = z.infer<typeof membersResponse>;

const id = (what: string) =>
  z
    .number({ error: `${what} is required.` })
    .int()
    .positive()
    .max(2_147_483_647);

/**
 * POST /org/inviteMember/ (owner, verified address) → 201 invitation; 409 `alreadyMember`, or
 * `accountElsewhere` for a verified account of another organisation (an unverified one may be the squatter of
 * someone's address: the invitation goes out, and accepting it decides); 429 with words and Retry-After beyond
 * 3 mails to one address an hour, or 20 an hour and 100 a day from one organisation.
 */
export const inviteMemberRequest = z.object({ email, role: invitedRole });
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;

/** POST /org/revokeInvitation/ (owner) → successMessage; 404 for another organisation's invitation. */
export const revokeInvitationRequest = z.object({ invitation_id: id('invitation_id') });

/** POST /org/changeMemberRole/ (owner) → member; 409 `lastOwner`. Their sign-ins end at once. */
export const changeMemberRoleRequest = z.object({ user_id: id('user_id'), role: memberRole });

/** POST /org/removeMember/ (owner) → successMessage; 409 `lastOwner`. */
export const removeMemberRequest = z.object({ user_id: id('user_id') });

/** POST /org/linkMemberAgent/ (admin) → member; `agent_id` null unlinks. */
export const linkMemberAgentRequest = z.object({
  user_id: id('user_id'),
  agent_id: id('agent_id').nullable(),
});

/**
 * What already holds the invited address, as the invitation page needs to know (the link's holder received
 * the mail at that address): nothing; an unverified account that holds nothing, which joining replaces; an
 * unverified account that holds saved chats, sessions or other members, which is never deleted (joining
 * answers 409 `addressInUse`); or a verified account, or one in this organisation (409 `accountElsewhere`).
 */
export const existingAccount = z.enum(['none', 'unverified_empty', 'unverified_in_use', 'taken']);
export type ExistingAccount = z.infer<typeof existingAccount>;

/** POST /users/invitation/ (no sign-in) → what the link invites to; 400 `invitationInvalid`. */
export const invitationLookupRequest = z.object({ token: linkToken });
export const invitationLookupResponse = z.object({
  organisation_name: z.string(),
  email: z.string(),
  role: invitedRole,
  expires_at: z.string(),
  existing_account: existingAccount,
});
export type InvitationLookup = z.infer<typeof invitationLookupResponse>;

/**
 * POST /users/acceptInvitation/ (no sign-in) → 201 tokenPair: the account is created in the inviting
 * organisation, its address verified by the link; an unverified account of the address that holds nothing is
 * deleted with its organisation first. 400 `invitationInvalid`; 409 `accountElsewhere` / `addressInUse`.
 */
export const acceptInvitationRequest = z
  .object({
    token: linkToken,
    first_name: registerRequest.shape.first_name,
    last_name: registerRequest.shape.last_name,
    password1: password1Schema,
    password2: z.string().max(256),
  })
  .refine((r) => r.password2 === r.password1, { path: ['password2'], error: authMessages.passwordsDiffer });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequest>;

import {
  type AcceptInvitationRequest,
  type Invitation,
  type InvitationLookup,
  type InviteMemberRequest,
  invitation,
  invitationLookupResponse,
  type Member,
  type MemberRole,
  member,
  type SuccessMessage,
  successMessage,
  type TokenPair,
  tokenPair,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

export function inviteMember(body: InviteMemberRequest): Promise<Invitation> {
  return api.post('/org/inviteMember/', body, invitation);
}

export function revokeInvitation(invitation_id: number): Promise<SuccessMessage> {
  return api.post('/org/revokeInvitation/', { invitation_id }, successMessage);
}

export function changeMemberRole(user_id: number, role: MemberRole): Promise<Member> {
  return api.post('/org/changeMemberRole/', { user_id, role }, member);
}

export function removeMember(user_id: number): Promise<SuccessMessage> {
  return api.post('/org/removeMember/', { user_id }, successMessage);
}

// The invitation link is the proof: no sign-in, and a 4xx must not send the visitor to /login.
const anonymous = { auth: false, redirectOnAuthFailure: false } as const;

export function lookupInvitation(token: string, signal?: AbortSignal): Promise<InvitationLookup> {
  return api.post('/users/invitation/', { token }, invitationLookupResponse, { ...anonymous, signal });
}

export function acceptInvitation(body: AcceptInvitationRequest): Promise<TokenPair> {
  return api.post('/users/acceptInvitation/', body, tokenPair, anonymous);
}

export function linkMemberAgent(user_id: number, agent_id: number | null): Promise<Member> {
  return api.post('/org/linkMemberAgent/', { user_id, agent_id }, member);
}

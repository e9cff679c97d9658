import {
  acceptInvitationRequest,
  changeMemberRoleRequest,
  errorResponse,
  invitation,
  invitationLookupRequest,
  invitationLookupResponse,
  inviteMemberRequest,
  linkMemberAgentRequest,
  member,
  memberMessages,
  membersResponse,
  removeMemberRequest,
  revokeInvitationRequest,
  successMessage,
  tokenPair,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { AttemptLimits } from '../auth/rate-limit';
import type { MembersService } from './members.service';

const tags = ['members'];
const refused = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The organisation's members and invitations (signed in). */
export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersService }> = async (app, { members }) => {
  app.addHook('onRequest', app.authenticate);
  const owner = { onRequest: [app.requireRole('owner')] };
  // Bringing people in, promoting and removing them need a verified address as well (decision 0016).
  const verifiedOwner = (action: 'invite' | 'manage') => ({
    onRequest: [app.requireRole('owner'), app.requireVerified(action)],
  });

  app.get(
    '/org/members/',
    {
      schema: {
        tags,
        summary: 'The members of the organisation, and its open invitations (owners only)',
        security: bearerAuth,
        response: { 200: membersResponse, 401: errorResponse },
      },
    },
    async (request) => members.list(request.user),
  );

  app.post(
    '/org/inviteMember/',
    {
      ...verifiedOwner('invite'),
      schema: {
        tags,
        summary:
          'Invite a person by email (owner, verified address); an address gets at most 3 invitations an hour, an organisation sends at most 20 an hour and 100 a day (429 beyond, with Retry-After)',
        security: bearerAuth,
        body: inviteMemberRequest,
        response: { 201: invitation, ...refused, 409: errorResponse, 429: errorResponse, 502: errorResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await members.invite(request.user, request.body.email, request.body.role)),
  );

  app.post(
    '/org/revokeInvitation/',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Revoke an open invitation (owner)',
        security: bearerAuth,
        body: revokeInvitationRequest,
        response: { 200: successMessage, ...refused },
      },
    },
    async (request) => {
      await members.revokeInvitation(request.user, request.body.invitation_id);
      return { success: true, message: memberMessages.revoked };
    },
  );

  app.post(
    '/org/changeMemberRole/',
    {
      ...verifiedOwner('manage'),
      schema: {
        tags,
        summary: "Change a member's role (owner, verified address); their sign-ins end",
        security: bearerAuth,
        body: changeMemberRoleRequest,
        response: { 200: member, ...refused, 409: errorResponse },
      },
    },
    async (request) => members.changeRole(request.user, request.body.user_id, request.body.role),
  );

  app.post(
    '/org/removeMember/',
    {
      ...verifiedOwner('manage'),
      schema: {
        tags,
        summary: 'Remove a member (owner, verified address); the last owner stays',
        security: bearerAuth,
        body: removeMemberRequest,
        response: { 200: successMessage, ...refused, 409: errorResponse },
      },
    },
    async (request) => {
      await members.remove(request.user, request.body.user_id);
      return { success: true, message: memberMessages.removed };
    },
  );

  app.post(
    '/org/linkMemberAgent/',
    {
      onRequest: [app.requireRole('admin')],
      schema: {
        tags,
        summary: 'Link a member to an agent phone, whose replies are then theirs (admin)',
        security: bearerAuth,
        body: linkMemberAgentRequest,
        response: { 200: member, ...refused, 409: errorResponse },
      },
    },
    async (request) => members.linkAgent(request.user, request.body.user_id, request.body.agent_id),
  );
};

/** Opening an invitation link (no sign-in: the link is the proof). */
export const invitationRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  /** The per-IP attempt limit of the other unauthenticated auth calls: tokens cannot be guessed. */
  limits: AttemptLimits;
}> = async (app, { members, limits }) => {
  app.post(
    '/users/invitation/',
    {
      onRequest: [limits.perIp],
      schema: {
        tags,
        summary: 'What an invitation link invites to',
        body: invitationLookupRequest,
        response: { 200: invitationLookupResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => members.lookup(request.body.token),
  );

  app.post(
    '/users/acceptInvitation/',
    {
      onRequest: [limits.perIp],
      schema: {
        tags,
        summary: 'Create the invited account and sign it in',
        body: acceptInvitationRequest,
        response: { 201: tokenPair, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await members.accept(request.body)),
  );
};

import type { MemberRole, VerifiedOnlyAction } from '@wadesk/contract';
import { memberMessages, roleAtLeast, verifyFirst } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { signUp, signUpVerified } from '../../test/helpers/auth';
import { documentedRoutes } from '../../test/helpers/bad-input';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import { teammate } from '../../test/helpers/team';
import { users } from '../db/schema';

// Role × route (docs/decisions/0016, Roles): every documented route, called by a member, an admin and an owner, is
// refused with 403 exactly when the caller's role is below the route's. A new route fails this suite
// until it is given its role here.

const MINIMUM_ROLE: Record<string, MemberRole | 'public'> = {
  // Accounts: no sign-in, or any signed-in person.
  'POST /users/register/': 'public',
  'POST /users/login/': 'public',
  'POST /users/refresh_token/': 'public',
  'POST /users/google-login-internal/': 'public',
  'POST /users/forgot-password/': 'public',
  'POST /users/reset-password/': 'public',
  'POST /users/verify-email/': 'public',
  'POST /users/verification/': 'public',
  'POST /users/invitation/': 'public',
  'POST /users/acceptInvitation/': 'public',
  'POST /users/logout/': 'member',
  'POST /users/resend-verification/': 'member',
  'POST /users/link-google/': 'member',
  'GET /users/authcheck/': 'member',
  // The profile: each member's own account.
  'POST /users/updateProfile/': 'member',
  'POST /users/changePassword/': 'member',
  // Members: owners manage them; admins link agent phones.
  'GET /org/members/': 'member',
  'POST /org/inviteMember/': 'owner',
  'POST /org/revokeInvitation/': 'owner',
  'POST /org/changeMemberRole/': 'owner',
  'POST /org/removeMember/': 'owner',
  'POST /org/linkMemberAgent/': 'admin',
  // Sessions: admins link and unlink phones; members browse what the sessions hold.
  'POST /api/startSession/': 'admin',
  'POST /api/generateQRCode/': 'admin',
  'POST /api/requestPairingCode/': 'admin',
  'POST /api/terminateSession/': 'admin',
  'POST /api/sessionStatus/': 'member',
  'POST /api/getSessionsList/': 'member',
  'POST /api/getGroups/': 'member',
  'POST /api/getGroupsMsg/': 'member',
  'POST /api/searchGroupMsgs/': 'member',
  'POST /api/markGroupRead/': 'member',
  'POST /api/syncOldMsgs/': 'member',
  'POST /api/downloadMedia/': 'member',
  'POST /api/setGroupMode/': 'admin',
  'POST /api/setGroupSatisfactionPoll/': 'admin',
  // Agents: admins manage them; members see them.
  'POST /org/addAgent/': 'admin',
  'POST /org/editAgent/': 'admin',
  'POST /org/removeAgent/': 'admin',
  'POST /org/listAgent/': 'member',
  // Tickets and chats: everyone's work.
  'POST /org/getTickets/': 'member',
  'POST /org/getTicketsDetails/': 'member',
  'POST /org/updateTicketStatus/': 'member',
  'POST /org/getCounts/': 'member',
  'POST /org/getTicketStats/': 'member',
  // Replies from the desk: members send them and use canned replies; admins keep the canned replies.
  'POST /org/replyToTicket/': 'member',
  'POST /org/retryReply/': 'member',
  'POST /org/sendPoll/': 'member',
  'POST /api/sendGroupMessage/': 'member',
  'POST /api/retryGroupMessage/': 'member',
  'POST /org/getCannedReplies/': 'member',
  'POST /org/saveCannedReply/': 'admin',
  'POST /org/deleteCannedReply/': 'admin',
  'POST /org/assignTicket/': 'member',
  'POST /org/addTicketNote/': 'member',
  'POST /org/setTicketLabels/': 'member',
  'POST /org/mergeTickets/': 'member',
  'POST /org/splitTicket/': 'member',
  'POST /org/getLabels/': 'member',
  // The inbox: every member works tickets.
  'POST /org/getInbox/': 'member',
  'POST /org/bulkUpdateTickets/': 'member',
  'POST /org/getCustomerTickets/': 'member',
  // Labels: admins define them for the organisation.
  'POST /org/saveLabel/': 'admin',
  'POST /org/deleteLabel/': 'admin',
  // Organisation settings: everyone reads them (the engine's rules show in the desk); admins change them.
  'POST /org/getSettings/': 'member',
  'POST /org/updateSettings/': 'admin',
  // SLA clocks: every member sees them on the lists and the conversation.
  'POST /org/getSlaClocks/': 'member',
  // Members see the team's totals and their own row; the service refuses them other groupings (403).
  'POST /org/getReportSummary/': 'member',
  'POST /org/getReportCharts/': 'member',
  'GET /org/ticketsReport.csv': 'admin',
  // The organisation's name: an owner's, like its members.
  'POST /org/updateOrganisation/': 'owner',
  'POST /events/stream-token/': 'member',
  // Notifications: each member's own (decision 0022).
  'POST /org/getNotifications/': 'member',
  'POST /org/markNotificationsRead/': 'member',
  // The audit log: owners and admins read it; nothing edits it.
  'POST /org/getAuditLog/': 'admin',
  'GET /org/auditLog.csv': 'admin',
  // The event stream authenticates with its own single-use token (stream-tokens.ts).
  'GET /events/': 'public',
  'GET /config/': 'public',
  'GET /healthz': 'public',
};

// The routes that also need a verified address (decision 0016: an unverified account holds no power over
// others); an unverified owner is refused exactly these, with words that say why.
const VERIFIED_ONLY: Record<string, VerifiedOnlyAction> = {
  'POST /org/inviteMember/': 'invite',
  'POST /org/changeMemberRole/': 'manage',
  'POST /org/removeMember/': 'manage',
  'POST /api/startSession/': 'link',
  'POST /api/generateQRCode/': 'link',
  'POST /api/requestPairingCode/': 'link',
  'POST /org/updateOrganisation/': 'rename',
};

describeWithDatabase('role × route', (ctx) => {
  it('refuses exactly the routes above each role, on every documented route', async () => {
    const app = ctx.app;
    const documented = await documentedRoutes(app, await allTags(app));
    const chatRoutes = documented.filter((route) => / \/v1\//.test(route));
    const sim = documented.filter((route) => route.includes('/sim/'));
    const table = { ...MINIMUM_ROLE };
    // Saved chats are private to their user: every role has its own (their suites check the privacy).
    for (const route of chatRoutes) table[route] ??= 'member';
    // The simulator's phone stand-ins exist only in demo mode, and only the owner holds the phone.
    for (const route of sim) table[route] ??= 'owner';
    expect(documented.filter((route) => !(route in table))).toEqual([]);

    const owner = await signUpVerified(app);
    const [account] = await ctx.db.select().from(users);
    const organisationId = account?.organisationId ?? 0;
    const signedIn: Record<MemberRole, { authorization: string }> = {
      owner: owner.headers,
      admin: (await teammate(app, ctx.db, organisationId, 'admin@example.com', 'admin')).headers,
      member: (await teammate(app, ctx.db, organisationId, 'member@example.com', 'member')).headers,
    };
    const unverifiedOwner = (await signUp(app, { email: 'new@example.com' })).headers;
    const call = (route: string, headers: { authorization: string }) => {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      return app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
    };
    for (const route of documented) {
      const needed = table[route];
      if (needed === 'public' || needed === undefined) continue;
      for (const role of ['member', 'admin', 'owner'] as const) {
        const res = await call(route, signedIn[role]);
        if (roleAtLeast(role, needed)) expect(res.statusCode, `${role} ${route}`).not.toBe(403);
        else {
          expect(res.statusCode, `${role} ${route}`).toBe(403);
          expect(res.json()).toEqual({ message: memberMessages.forbidden });
        }
      }
      const res = await call(route, unverifiedOwner);
      const action = VERIFIED_ONLY[route];
      if (action) expect(res.json(), `unverified ${route}`).toEqual({ message: verifyFirst(action) });
      else expect(res.statusCode, `unverified ${route}`).not.toBe(403);
    }
  });
});

async function allTags(app: import('fastify').FastifyInstance): Promise<string[]> {
  const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
    paths: Record<string, Record<string, { tags?: string[] }>>;
  }>();
  return [
    ...new Set(
      Object.values(document.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])),
    ),
  ];
}

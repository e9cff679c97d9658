import type { MemberRole } from '@wadesk/contract';
import { memberMessages, roleAtLeast, type TokenPair } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { bearer, signUp } from '../../test/helpers/auth';
import { documentedRoutes } from '../../test/helpers/bad-input';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
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
  'POST /users/invitation/': 'public',
  'POST /users/acceptInvitation/': 'public',
  'POST /users/logout/': 'member',
  'POST /users/resend-verification/': 'member',
  'GET /users/authcheck/': 'member',
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
  'POST /api/markGroupRead/': 'member',
  'POST /api/syncOldMsgs/': 'member',
  'POST /api/downloadMedia/': 'member',
  'POST /api/setGroupMode/': 'admin',
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
  'POST /org/getCannedReplies/': 'member',
  'POST /org/saveCannedReply/': 'admin',
  'POST /org/deleteCannedReply/': 'admin',
  'POST /org/assignTicket/': 'member',
  'POST /org/addTicketNote/': 'member',
  'POST /org/setTicketLabels/': 'member',
  'POST /org/mergeTickets/': 'member',
  'POST /org/splitTicket/': 'member',
  'POST /org/getLabels/': 'member',
  // Labels: admins define them for the organisation.
  'POST /org/saveLabel/': 'admin',
  'POST /org/deleteLabel/': 'admin',
  // Organisation settings: everyone reads them (the engine's rules show in the desk); admins change them.
  'POST /org/getSettings/': 'member',
  'POST /org/updateSettings/': 'admin',
  'POST /events/stream-token/': 'member',
  // The audit log: owners and admins read it; nothing edits it.
  'POST /org/getAuditLog/': 'admin',
  'GET /org/auditLog.csv': 'admin',
  // The event stream authenticates with its own single-use token (stream-tokens.ts).
  'GET /events/': 'public',
  'GET /config/': 'public',
  'GET /healthz': 'public',
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

    const owner = await signUp(app);
    const signedIn: Record<MemberRole, { authorization: string }> = {
      owner: owner.headers,
      admin: await memberWith(app, ctx, 'admin@example.com', 'admin'),
      member: await memberWith(app, ctx, 'member@example.com', 'member'),
    };
    for (const route of documented) {
      const needed = table[route];
      if (needed === 'public' || needed === undefined) continue;
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const role of ['member', 'admin', 'owner'] as const) {
        const res = await app.inject({
          method,
          url,
          headers: signedIn[role],
          ...(method === 'POST' ? { payload: {} } : {}),
        });
        if (roleAtLeast(role, needed)) expect(res.statusCode, `${role} ${route}`).not.toBe(403);
        else {
          expect(res.statusCode, `${role} ${route}`).toBe(403);
          expect(res.json()).toEqual({ message: memberMessages.forbidden });
        }
      }
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

/** A person of the owner's organisation with `role` (set in the database: invitations have their own tests). */
async function memberWith(
  app: import('fastify').FastifyInstance,
  ctx: { db: import('../db/client').Db },
  email: string,
  role: MemberRole,
) {
  const { eq } = await import('drizzle-orm');
  const [owner] = await ctx.db.select().from(users).limit(1);
  await signUp(app, { email });
  await ctx.db
    .update(users)
    .set({ role, organisationId: owner?.organisationId })
    .where(eq(users.email, email));
  const login = await app.inject({
    method: 'POST',
    url: '/users/login/',
    payload: { username: email, password: 'Secret!A' },
  });
  return bearer(login.json<TokenPair>().access_token);
}

import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import {
  documentedRoutes,
  type Route,
  routeNames,
  walkBadBodies,
  walkBadTokens,
} from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';

const TOKEN = 'A'.repeat(43);

/** The signed-in routes of members.routes.ts. */
const signedIn: Route[] = [
  { method: 'GET', url: '/org/members/' },
  { method: 'POST', url: '/org/inviteMember/', body: { email: 'ben@example.com', role: 'member' } },
  { method: 'POST', url: '/org/revokeInvitation/', body: { invitation_id: 1 } },
  { method: 'POST', url: '/org/changeMemberRole/', body: { user_id: 999_999, role: 'admin' } },
  { method: 'POST', url: '/org/removeMember/', body: { user_id: 999_999 } },
  { method: 'POST', url: '/org/linkMemberAgent/', body: { user_id: 999_999, agent_id: 1 }, optional: [] },
];
/** Opening an invitation link: no sign-in. */
const invitation: Route[] = [
  { method: 'POST', url: '/users/invitation/', body: { token: TOKEN } },
  {
    method: 'POST',
    url: '/users/acceptInvitation/',
    body: {
      token: TOKEN,
      first_name: 'Ben',
      last_name: 'Okafor',
      password1: 'Secret!B',
      password2: 'Secret!B',
    },
    optional: ['last_name'],
  },
];

// Every case here is refused and changes nothing it or a later case relies on, so the cases share one app.
describeWithDatabase(
  'members refuse bad input and store nothing',
  (ctx) => {
    it('walks every route the area documents', async () => {
      expect(routeNames([...signedIn, ...invitation])).toEqual(await documentedRoutes(ctx.app, ['members']));
    });

    it('refuses every bad body on every route', async () => {
      const owner = await signUpVerified(ctx.app);
      const routes = [...signedIn.filter((route) => route.body), ...invitation];
      expect(await walkBadBodies(ctx, ctx.app, owner, routes)).toBeGreaterThan(100);
    });

    it('refuses a missing, forged or expired token on every signed-in route', async () => {
      await walkBadTokens(ctx, ctx.app, signedIn);
    });
  },
  { shareApp: true },
);

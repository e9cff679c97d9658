import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import {
  documentedRoutes,
  expectRefusal,
  type Route,
  routeNames,
  storedState,
  walkBadBodies,
  walkBadTokens,
} from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';

const GROUP = '120363000000000001@g.us';

/** Every route of groups.routes.ts, for a stored session, group and message. */
function routes(sessionId: string, messageId: string): Route[] {
  return [
    { method: 'POST', url: '/api/getGroups/' },
    {
      method: 'POST',
      url: '/api/getGroupsMsg/',
      body: { session_id: sessionId, group_id: GROUP, msg_type: 'prev', msg_id: messageId },
      optional: ['msg_id'],
      ids: ['session_id', 'group_id', 'msg_id'],
    },
    {
      method: 'POST',
      url: '/api/searchGroupMsgs/',
      body: { session_id: sessionId, group_id: GROUP, query: 'hello' },
      ids: ['session_id', 'group_id'],
    },
    {
      method: 'POST',
      url: '/api/setGroupMode/',
      body: { session_id: sessionId, group_id: GROUP, mode: 'per_customer' },
      ids: ['session_id', 'group_id'],
    },
    {
      method: 'POST',
      url: '/api/setGroupSatisfactionPoll/',
      body: { session_id: sessionId, group_id: GROUP, satisfaction_poll: 'on' },
      ids: ['session_id', 'group_id'],
    },
    {
      method: 'POST',
      url: '/api/markGroupRead/',
      body: { session_id: sessionId, group_id: GROUP },
      ids: ['session_id', 'group_id'],
    },
    {
      method: 'POST',
      url: '/api/syncOldMsgs/',
      body: { session_id: sessionId, group_id: GROUP },
      ids: ['session_id', 'group_id'],
    },
    {
      method: 'POST',
      url: '/api/downloadMedia/',
      body: { session_id: sessionId, chat_id: GROUP, message_id: messageId },
      ids: ['session_id', 'chat_id', 'message_id'],
    },
  ];
}

// Every case here is refused and changes nothing it or a later case relies on, so the cases share one app.
describeWithDatabase(
  'groups, messages, sync and media refuse bad input and store nothing',
  (ctx) => {
    it('walks every route the area documents', async () => {
      expect(routeNames(routes('x', 'y'))).toEqual(await documentedRoutes(ctx.app, ['groups']));
    });

    it('refuses every bad body on every route', async () => {
      const { user, sessionId, say } = await deskFixture(ctx);
      const messageId = await say({ groupName: 'Help desk', body: 'hello' });
      expect(await walkBadBodies(ctx, ctx.app, user, routes(sessionId, messageId))).toBeGreaterThan(100);
    });

    it('refuses a missing, forged or expired token on every route', async () => {
      await walkBadTokens(ctx, ctx.app, routes('00000000-0000-4000-8000-000000000000', 'X'));
    });

    it("never shows, syncs or downloads another organisation's group or message", async () => {
      const a = await deskFixture(ctx, ctx.app, 'a@example.com');
      const messageId = await a.say({ groupName: 'Help desk', body: 'hello' });
      const b = await signUp(ctx.app, { email: 'b@example.com' });
      const before = await storedState(ctx);
      for (const route of routes(a.sessionId, messageId).filter((r) => r.body)) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: route.url,
          headers: b.headers,
          payload: route.body,
        });
        expectRefusal(res, `${route.url} with another organisation's session`, 404);
      }
      const groups = await ctx.app.inject({ method: 'POST', url: '/api/getGroups/', headers: b.headers });
      expect(groups.statusCode).toBe(200);
      expect(JSON.stringify(groups.json())).not.toContain(GROUP);
      expect(await storedState(ctx)).toEqual(before);
    });
  },
  { shareApp: true },
);

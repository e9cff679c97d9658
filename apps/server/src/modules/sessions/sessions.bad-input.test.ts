import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import {
  documentedRoutes,
  expectRefusal,
  HUNDRED_KB,
  type Route,
  routeNames,
  storedState,
  walkBadBodies,
  walkBadTokens,
} from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { waSessions } from '../../db/schema';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Every route of sessions.routes.ts and simulator.routes.ts, for the session `id`. */
function routes(id: string): Route[] {
  return [
    { method: 'POST', url: '/api/startSession/', body: { session_name: 'Support', description: 'main' } },
    { method: 'POST', url: '/api/generateQRCode/', body: { sessionID: id }, ids: ['sessionID'] },
    {
      method: 'POST',
      url: '/api/requestPairingCode/',
      body: { sessionID: id, phone: '+14155552671' },
      ids: ['sessionID'],
    },
    { method: 'POST', url: '/api/sessionStatus/', body: { sessionID: id }, ids: ['sessionID'] },
    { method: 'POST', url: '/api/terminateSession/', body: { sessionID: id }, ids: ['sessionID'] },
    { method: 'POST', url: '/api/getSessionsList/' },
    ...simulatorRoutes(id),
  ];
}

function simulatorRoutes(id: string): Route[] {
  return [
    { method: 'POST', url: `/sim/sessions/${id}/scan` },
    { method: 'POST', url: `/sim/sessions/${id}/enter-code`, body: { code: '7KQ2MXAB' } },
    { method: 'POST', url: `/sim/sessions/${id}/fail`, body: { kind: 'unreachable' } },
    {
      method: 'POST',
      url: `/sim/sessions/${id}/incoming`,
      body: {
        group_id: '120363000000000001@g.us',
        body: 'hello',
        author_phone: '4915112345678',
        author_name: 'Bob',
        from_me: false,
        type: 'chat',
        timestamp: 1_767_225_600,
      },
      optional: ['author_phone', 'author_name', 'from_me', 'type', 'timestamp'],
    },
    {
      method: 'POST',
      url: `/sim/sessions/${id}/reply-status`,
      body: {
        status: 'failed',
        wa_id: '3EB0AAAAAAAAAAAAAAAAAA',
        code: '479',
        refusal: 'announce_only',
        member_phone: '4915112345678',
      },
      optional: ['wa_id', 'code', 'refusal', 'member_phone'],
    },
    {
      method: 'POST',
      url: `/sim/sessions/${id}/poll-vote`,
      body: {
        group_id: '120363000000000001@g.us',
        wa_id: '3EB0AAAAAAAAAAAAAAAAAA',
        options: ['Great'],
        voter: '4915112345678',
      },
      optional: ['voter'],
    },
    {
      method: 'POST',
      url: `/sim/sessions/${id}/missed-call`,
      body: { caller: '4915112345678', video: false },
      optional: ['caller', 'video'],
    },
  ];
}

describeWithDatabase('sessions and simulator routes refuse bad input and store nothing', (ctx) => {
  it('walks every route the area documents', async () => {
    expect(routeNames(routes('{sessionId}'))).toEqual(
      await documentedRoutes(ctx.app, ['sessions', 'simulator']),
    );
  });

  it('refuses every bad body on every route', async () => {
    // A stored session that is not running: a body that got past validation would reach it.
    const { user, sessionId } = await deskFixture(ctx);
    expect(await walkBadBodies(ctx, ctx.app, user, routes(sessionId))).toBeGreaterThan(200);
  });

  it('refuses bad session ids in the simulator paths', async () => {
    const { user } = await deskFixture(ctx);
    const before = await storedState(ctx);
    for (const id of ['a%00b', '%ED%A0%80', HUNDRED_KB, '-1', '9'.repeat(40), UNKNOWN, '%20']) {
      for (const route of simulatorRoutes(id)) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: route.url,
          headers: user.headers,
          payload: route.body ?? {},
        });
        expectRefusal(res, `${route.url.slice(0, 80)}`);
      }
    }
    expect(await storedState(ctx)).toEqual(before);
  });

  it('refuses a missing, forged or expired token on every route', async () => {
    await walkBadTokens(ctx, ctx.app, routes(UNKNOWN));
  });

  it("never shows, links or ends another organisation's session", async () => {
    const a = await deskFixture(ctx, ctx.app, 'a@example.com');
    const b = await signUpVerified(ctx.app, { email: 'b@example.com' });
    const [sessionBefore] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, a.sessionId));
    const before = await storedState(ctx);
    for (const route of routes(a.sessionId).filter((r) => r.url.includes(a.sessionId) || r.body?.sessionID)) {
      const res = await ctx.app.inject({
        method: route.method,
        url: route.url,
        headers: b.headers,
        payload: route.body ?? {},
      });
      expectRefusal(res, `${route.url} with another organisation's session`, 404);
    }
    const list = await ctx.app.inject({ method: 'POST', url: '/api/getSessionsList/', headers: b.headers });
    expect(list.json()).toMatchObject({ session_list: [] });
    const [sessionAfter] = await ctx.db.select().from(waSessions).where(eq(waSessions.id, a.sessionId));
    expect(sessionAfter).toEqual(sessionBefore);
    expect(await storedState(ctx)).toEqual(before);
  });
});

import { MAX_NOTIFICATIONS_MARKED, notificationMessages } from '@wadesk/contract';
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

/** Every route of notifications.routes.ts. */
const routes: Route[] = [
  {
    method: 'POST',
    url: '/org/getNotifications/',
    body: { before_id: 1, limit: 10 },
    optional: ['before_id', 'limit'],
  },
  { method: 'POST', url: '/org/markNotificationsRead/', body: { ids: [1] } },
];

describeWithDatabase('notifications refuse bad input and change nothing', (ctx) => {
  it('walks every route the area documents', async () => {
    expect(routeNames(routes)).toEqual(await documentedRoutes(ctx.app, ['notifications']));
  });

  it('refuses every bad body', async () => {
    const owner = await signUp(ctx.app);
    expect(await walkBadBodies(ctx, ctx.app, owner, routes)).toBeGreaterThan(20);
  });

  it("refuses marking with neither ids nor all, both, an empty list, too many ids and all: false, in the contract's words", async () => {
    const owner = await signUp(ctx.app);
    const before = await storedState(ctx);
    const many = Array.from({ length: MAX_NOTIFICATIONS_MARKED + 1 }, (_, i) => i + 1);
    const cases: [object, string][] = [
      [{}, notificationMessages.idsOrAll],
      [{ all: false }, notificationMessages.idsOrAll],
      [{ ids: [1], all: true }, notificationMessages.idsOrAll],
      [{ ids: [] }, notificationMessages.idsEmpty],
      [{ ids: many }, notificationMessages.idsTooMany],
      [{ ids: [0] }, notificationMessages.invalidId],
      [{ ids: ['1'] }, notificationMessages.invalidId],
      [{ limit: 101 }, notificationMessages.invalidLimit],
      [{ limit: 0 }, notificationMessages.invalidLimit],
      [{ before_id: 0 }, notificationMessages.invalidBeforeId],
    ];
    for (const [payload, message] of cases) {
      const reads = 'limit' in payload || 'before_id' in payload;
      const url = reads ? '/org/getNotifications/' : '/org/markNotificationsRead/';
      const res = await ctx.app.inject({ method: 'POST', url, headers: owner.headers, payload });
      const what = JSON.stringify(payload).slice(0, 60);
      expectRefusal(res, what, 400);
      // The contract's sentence as it is (a message that is not a sentence would get its field path first).
      const said: string = res.json().message;
      expect(said === message || said.endsWith(`: ${message}`), `${what}: ${said}`).toBe(true);
    }
    expect(await storedState(ctx)).toEqual(before);
  });

  it('refuses a missing, forged or expired token on every route', async () => {
    await walkBadTokens(ctx, ctx.app, routes);
  });
});

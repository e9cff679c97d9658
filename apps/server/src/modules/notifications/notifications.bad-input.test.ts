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

  it('refuses marking with neither ids nor all, an empty list, too many ids and all: false', async () => {
    const owner = await signUp(ctx.app);
    const before = await storedState(ctx);
    for (const payload of [
      {},
      { ids: [] },
      { all: false },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      { ids: [0] },
      { ids: ['1'] },
      { limit: 101 },
    ]) {
      const url = 'limit' in payload ? '/org/getNotifications/' : '/org/markNotificationsRead/';
      const res = await ctx.app.inject({ method: 'POST', url, headers: owner.headers, payload });
      expectRefusal(res, JSON.stringify(payload).slice(0, 60), 400);
    }
    expect(await storedState(ctx)).toEqual(before);
  });

  it('refuses a missing, forged or expired token on every route', async () => {
    await walkBadTokens(ctx, ctx.app, routes);
  });
});

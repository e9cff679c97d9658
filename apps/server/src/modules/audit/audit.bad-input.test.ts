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

/** Every route of audit.routes.ts. */
const page: Route = {
  method: 'POST',
  url: '/org/getAuditLog/',
  body: {
    action: 'agent.added',
    actor_id: 1,
    from: '2026-05-01',
    to: '2026-05-02T00:00:00Z',
    limit: 10,
  },
  optional: ['action', 'actor_id', 'from', 'to', 'limit'],
  ids: ['actor_id'],
};
const routes: Route[] = [{ method: 'GET', url: '/org/auditLog.csv' }, page];

describeWithDatabase('the audit log refuses bad input and stores nothing', (ctx) => {
  it('walks every route the area documents', async () => {
    expect(routeNames(routes)).toEqual(await documentedRoutes(ctx.app, ['audit']));
  });

  it('refuses every bad body of getAuditLog', async () => {
    const owner = await signUp(ctx.app);
    expect(await walkBadBodies(ctx, ctx.app, owner, [page])).toBeGreaterThan(30);
  });

  // before_id is a bigserial, so the walker's "over int4" would be a valid cursor: checked here instead.
  it('refuses a bad before_id, and a cursor past every entry finds nothing', async () => {
    const owner = await signUp(ctx.app);
    for (const before_id of [-1, 0, 1.5, '1', null, [1], Number.MAX_SAFE_INTEGER + 2]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/org/getAuditLog/',
        headers: owner.headers,
        payload: { before_id },
      });
      expectRefusal(res, `before_id ${JSON.stringify(before_id)}`, 400);
    }
    const far = await ctx.app.inject({
      method: 'POST',
      url: '/org/getAuditLog/',
      headers: owner.headers,
      payload: { before_id: 2 ** 40 },
    });
    expect(far.json()).toEqual({ entries: expect.any(Array), has_more: false });
  });

  it('refuses bad query parameters of the export', async () => {
    const owner = await signUp(ctx.app);
    const before = await storedState(ctx);
    for (const query of [
      'action=ticket.deleted',
      'actor_id=abc',
      'actor_id=-3',
      'actor_id=99999999999',
      'from=tomorrow',
      'to=2026-02-30T25:00:00Z',
      'from=2026-05-03&to=2026-05-01',
      'q=a%00b',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/org/auditLog.csv?${query}`,
        headers: owner.headers,
      });
      expectRefusal(res, query, 400);
    }
    expect(await storedState(ctx)).toEqual(before);
  });

  it('refuses a missing, forged or expired token on every route', async () => {
    await walkBadTokens(ctx, ctx.app, routes);
  });
});

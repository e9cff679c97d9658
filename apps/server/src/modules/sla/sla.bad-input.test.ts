import { expect, it } from 'vitest';
import {
  documentedRoutes,
  type Route,
  routeNames,
  walkBadBodies,
  walkBadTokens,
} from '../../../test/helpers/bad-input';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';

// The SLA routes (decision 0028) refuse bad input with a 4xx `{message}` and change nothing.

const ROUTES: Route[] = [
  { method: 'POST', url: '/org/getSlaClocks/', body: { ticket_ids: [1, 2] } },
  {
    method: 'POST',
    url: '/sim/clock',
    body: { advance_minutes: 30, reset: false },
    optional: ['advance_minutes', 'reset'],
  },
];

describeWithDatabase('SLA routes refuse bad input and store nothing', (ctx) => {
  it('walks every route the area documents', async () => {
    expect(routeNames(ROUTES)).toEqual(await documentedRoutes(ctx.app, ['sla']));
  });

  it('refuses every bad body on every route', async () => {
    const { user } = await deskFixture(ctx);
    expect(await walkBadBodies(ctx, ctx.app, user, ROUTES)).toBeGreaterThan(20);
  });

  it('refuses a missing, forged or expired token on every route', async () => {
    await walkBadTokens(ctx, ctx.app, ROUTES);
  });
});

import type { Agent } from '@wadesk/contract';
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
import { org } from '../../../test/helpers/desk';

/** Every route of agents.routes.ts. */
const routes: Route[] = [
  { method: 'POST', url: '/org/addAgent/', body: { agent_name: 'Priya', agent_number: '+14155552671' } },
  {
    method: 'POST',
    url: '/org/editAgent/',
    body: { agent_id: 1, agent_name: 'Priya', agent_number: '+14155552671', user_type: 'user' },
  },
  { method: 'POST', url: '/org/listAgent/' },
  { method: 'POST', url: '/org/removeAgent/', body: { agent_id: 1 } },
];

describeWithDatabase('agents refuse bad input and store nothing', (ctx) => {
  it('walks every route the area documents', async () => {
    expect(routeNames(routes)).toEqual(await documentedRoutes(ctx.app, ['agents']));
  });

  it('refuses every bad body on every route', async () => {
    const owner = await signUp(ctx.app);
    expect(await walkBadBodies(ctx, ctx.app, owner, routes)).toBeGreaterThan(40);
  });

  it('refuses a missing, forged or expired token on every route', async () => {
    await walkBadTokens(ctx, ctx.app, routes);
  });

  /** Organisation A with an agent, organisation B, and what is stored before B tries anything. */
  async function agentOfAnotherOrganisation() {
    const a = await signUp(ctx.app, { email: 'a@example.com' });
    const b = await signUp(ctx.app, { email: 'b@example.com' });
    const agentA = (
      await org<Agent>(ctx.app, a, 'addAgent', { agent_name: 'A', agent_number: '+14155552671' })
    ).body;
    const before = await storedState(ctx);
    return { a, b, agentA, before };
  }

  it("never removes another organisation's agent", async () => {
    const { a, b, agentA, before } = await agentOfAnotherOrganisation();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/org/removeAgent/',
      headers: b.headers,
      payload: { agent_id: agentA.id },
    });
    expectRefusal(res, 'removeAgent of a foreign agent', 404);
    expect((await org<Agent[]>(ctx.app, b, 'listAgent')).body).toEqual([]);
    expect((await org<Agent[]>(ctx.app, a, 'listAgent')).body).toEqual([agentA]);
    expect(await storedState(ctx)).toEqual(before);
  });

  it("never edits another organisation's agent", async () => {
    const { a, b, agentA, before } = await agentOfAnotherOrganisation();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/org/editAgent/',
      headers: b.headers,
      payload: { agent_id: agentA.id, agent_name: 'B', agent_number: '+919876543210', user_type: 'user' },
    });
    expect(res.statusCode).toBe(404);
    expect((await org<Agent[]>(ctx.app, a, 'listAgent')).body).toEqual([agentA]);
    expect(await storedState(ctx)).toEqual(before);
  });
});

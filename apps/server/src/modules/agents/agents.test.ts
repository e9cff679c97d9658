import type { Agent, SuccessMessage } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { agents } from '../../db/schema';

describeWithDatabase('agents', (ctx) => {
  it('adds an agent with the number in E.164 and lists it as a user', async () => {
    const owner = await signUp(ctx.app);
    const added = await org<Agent>(ctx.app, owner, 'addAgent', {
      agent_name: '  Priya Shah ',
      agent_number: '+91 98765 43210',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      agent_name: 'Priya Shah',
      agent_number: '+919876543210',
      user_type: 'user',
    });
    expect(Number.isNaN(Date.parse(added.body.created_at))).toBe(false);

    const list = await org<Agent[]>(ctx.app, owner, 'listAgent');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([added.body]);
  });

  it('lists agents oldest first, and a bare POST works like the spec sends it', async () => {
    const owner = await signUp(ctx.app);
    await org(ctx.app, owner, 'addAgent', { agent_name: 'First', agent_number: '+14155552671' });
    ctx.clock.advance(1000);
    await org(ctx.app, owner, 'addAgent', { agent_name: 'Second', agent_number: '+442079460958' });
    const bare = await ctx.app.inject({ method: 'POST', url: '/org/listAgent/', headers: owner.headers });
    expect(bare.statusCode).toBe(200);
    expect(bare.json<Agent[]>().map((a) => a.agent_name)).toEqual(['First', 'Second']);
  });

  it('refuses a number the organisation already has, however it is written', async () => {
    const owner = await signUp(ctx.app);
    await org(ctx.app, owner, 'addAgent', { agent_name: 'Priya', agent_number: '+919876543210' });
    for (const agent_number of ['+91 98765 43210', '919876543210', '0091-98765-43210', '+91 (98765) 43210']) {
      const again = await org(ctx.app, owner, 'addAgent', { agent_name: 'Copy', agent_number });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: 'An agent with this phone number already exists.' });
    }
    expect(await ctx.count(agents)).toBe(1);
  });

  it('lets two organisations have an agent with the same number', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app, { email: 'bob@example.com' });
    const payload = { agent_name: 'Shared', agent_number: '+919876543210' };
    expect((await org(ctx.app, a, 'addAgent', payload)).status).toBe(201);
    expect((await org(ctx.app, b, 'addAgent', payload)).status).toBe(201);
  });

  it.each([
    [{ agent_name: '', agent_number: '+919876543210' }, 'Enter a name for the agent.'],
    [{ agent_name: '   ', agent_number: '+919876543210' }, 'Enter a name for the agent.'],
    // Invisible characters only: a zero-width space, a word joiner and a direction mark.
    [{ agent_name: '\u200B\u2060 \u200E', agent_number: '+919876543210' }, 'Enter a name for the agent.'],
    [{ agent_number: '+919876543210' }, 'Enter a name for the agent.'],
    [
      { agent_name: 'x'.repeat(101), agent_number: '+919876543210' },
      "The agent's name must be at most 100 characters long.",
    ],
    [{ agent_name: 'Priya' }, "Enter the agent's phone number with its country code"],
    [{ agent_name: 'Priya', agent_number: '' }, "Enter the agent's phone number with its country code"],
    [{ agent_name: 'Priya', agent_number: '+91' }, "Enter the agent's phone number with its country code"],
    [
      { agent_name: 'Priya', agent_number: '+91 12345' },
      "Enter the agent's phone number with its country code",
    ],
    [
      { agent_name: 'Priya', agent_number: 'call me' },
      "Enter the agent's phone number with its country code",
    ],
    [
      { agent_name: 'Priya', agent_number: '+999 1234567890' },
      "Enter the agent's phone number with its country code",
    ],
    [
      { agent_name: 'Priya', agent_number: '+9198765432101234' },
      "Enter the agent's phone number with its country code",
    ],
    [
      { agent_name: 'Priya', agent_number: 919876543210 },
      "Enter the agent's phone number with its country code",
    ],
  ])('rejects %j', async (payload, message) => {
    const owner = await signUp(ctx.app);
    const res = await org<{ message: string }>(ctx.app, owner, 'addAgent', payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await ctx.count(agents)).toBe(0);
  });

  it('removes an agent, then answers 404 for it', async () => {
    const owner = await signUp(ctx.app);
    const added = await org<Agent>(ctx.app, owner, 'addAgent', {
      agent_name: 'P',
      agent_number: '+919876543210',
    });
    const removed = await org<SuccessMessage>(ctx.app, owner, 'removeAgent', { agent_id: added.body.id });
    expect(removed).toMatchObject({
      status: 200,
      body: { success: true, message: 'Agent removed.' },
    });
    expect((await org<Agent[]>(ctx.app, owner, 'listAgent')).body).toEqual([]);
    const again = await org(ctx.app, owner, 'removeAgent', { agent_id: added.body.id });
    expect(again).toMatchObject({
      status: 404,
      body: { message: 'That agent was not found. It may have been removed; reload the list.' },
    });
  });

  it.each([{}, { agent_id: 'abc' }, { agent_id: 1.5 }, { agent_id: -1 }, { agent_id: 2 ** 40 }])(
    'rejects removeAgent with %j',
    async (payload) => {
      const owner = await signUp(ctx.app);
      const res = await org(ctx.app, owner, 'removeAgent', payload);
      expect(res).toMatchObject({ status: 400, body: { message: 'Agent ID must be a number.' } });
    },
  );

  it('needs a bearer token', async () => {
    for (const call of ['addAgent', 'listAgent', 'removeAgent']) {
      const res = await ctx.app.inject({ method: 'POST', url: `/org/${call}/`, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});

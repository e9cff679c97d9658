import type { Agent } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { FAST_WHATSAPP, linkSession } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';

describeWithDatabase('editing agents', (ctx) => {
  it("changes an agent's name, number and type, keeping its id and creation time", async () => {
    const owner = await signUpVerified(ctx.app);
    const added = (
      await org<Agent>(ctx.app, owner, 'addAgent', { agent_name: 'Priya', agent_number: '+919876543210' })
    ).body;
    const edited = await org<Agent>(ctx.app, owner, 'editAgent', {
      agent_id: added.id,
      agent_name: '  Priya Shah ',
      agent_number: '+1 (415) 555-2671',
      user_type: 'user',
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        id: added.id,
        agent_name: 'Priya Shah',
        agent_number: '+14155552671',
        user_type: 'user',
        created_at: added.created_at,
      },
    });
    expect((await org<Agent[]>(ctx.app, owner, 'listAgent')).body).toEqual([edited.body]);
    // Without user_type the type stays; the same number in another spelling is the same number.
    const renamed = await org<Agent>(ctx.app, owner, 'editAgent', {
      agent_id: added.id,
      agent_name: 'P. Shah',
      agent_number: '001 415 555 2671',
    });
    expect(renamed.body).toMatchObject({
      agent_name: 'P. Shah',
      agent_number: '+14155552671',
      user_type: 'user',
    });
  });

  it("refuses another agent's number with addAgent's words, and changes nothing", async () => {
    const owner = await signUpVerified(ctx.app);
    await org(ctx.app, owner, 'addAgent', { agent_name: 'A', agent_number: '+919876543210' });
    const b = (
      await org<Agent>(ctx.app, owner, 'addAgent', { agent_name: 'B', agent_number: '+14155552671' })
    ).body;
    const res = await org(ctx.app, owner, 'editAgent', {
      agent_id: b.id,
      agent_name: 'B2',
      agent_number: '+91 98765 43210',
    });
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'An agent with this phone number already exists.' },
    });
    expect((await org<Agent[]>(ctx.app, owner, 'listAgent')).body.map((a) => a.agent_name)).toEqual([
      'A',
      'B',
    ]);
  });

  it.each([
    [{ agent_name: '', agent_number: '+919876543210' }, 400, 'Enter a name for the agent.'],
    [{ agent_name: '   ', agent_number: '+919876543210' }, 400, 'Enter a name for the agent.'],
    [{ agent_number: '+919876543210' }, 400, 'Enter a name for the agent.'],
    [
      { agent_name: 'x'.repeat(101), agent_number: '+919876543210' },
      400,
      "The agent's name must be at most 100",
    ],
    [{ agent_name: 'Priya' }, 400, "Enter the agent's phone number with its country code"],
    [
      { agent_name: 'Priya', agent_number: '+91 12345' },
      400,
      "Enter the agent's phone number with its country code",
    ],
    [
      { agent_name: 'Priya', agent_number: 'call me' },
      400,
      "Enter the agent's phone number with its country code",
    ],
    [
      { agent_name: 'Priya', agent_number: 919876543210 },
      400,
      "Enter the agent's phone number with its country code",
    ],
    [{ agent_name: 'Priya', agent_number: '+919876543210', user_type: 'boss' }, 400, ''],
    [{ agent_name: 'Priya', agent_number: '+919876543210', user_type: 'owner' }, 409, 'Only a linked phone'],
  ])('refuses %j with the words of addAgent, changing nothing', async (payload, status, message) => {
    const owner = await signUpVerified(ctx.app);
    const added = (
      await org<Agent>(ctx.app, owner, 'addAgent', { agent_name: 'Asha', agent_number: '+919876543210' })
    ).body;
    const res = await org<{ message: string }>(ctx.app, owner, 'editAgent', {
      agent_id: added.id,
      ...payload,
    });
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
    expect((await org<Agent[]>(ctx.app, owner, 'listAgent')).body).toEqual([added]);
  });

  it("answers 404 for an unknown or another organisation's agent and changes nothing", async () => {
    const a = await signUpVerified(ctx.app, { email: 'a@example.com' });
    const b = await signUpVerified(ctx.app, { email: 'b@example.com' });
    const agentA = (
      await org<Agent>(ctx.app, a, 'addAgent', { agent_name: 'A', agent_number: '+919876543210' })
    ).body;
    for (const agent_id of [agentA.id, agentA.id + 1000]) {
      const res = await org(ctx.app, b, 'editAgent', {
        agent_id,
        agent_name: 'Stolen',
        agent_number: '+14155552671',
        user_type: 'user',
      });
      expect(res).toMatchObject({
        status: 404,
        body: { message: 'That agent was not found. It may have been removed; reload the list.' },
      });
    }
    expect((await org<Agent[]>(ctx.app, a, 'listAgent')).body).toEqual([agentA]);
    expect((await org<Agent[]>(ctx.app, b, 'listAgent')).body).toEqual([]);
  });

  it("keeps an owner agent's number (the linked phone's), and lets only a linked number become owner", async () => {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(app);
    await linkSession(app, owner, 'FrontDesk');
    await internalsOf(app).ownerAgentsSettled();
    const [ownerAgent] = (await org<Agent[]>(app, owner, 'listAgent')).body;
    if (!ownerAgent) throw new Error('no owner agent');
    const phone = ownerAgent.agent_number;

    // Renaming keeps the number (typed in any spelling) and the type.
    const renamed = await org<Agent>(app, owner, 'editAgent', {
      agent_id: ownerAgent.id,
      agent_name: 'Main phone',
      agent_number: phone.slice(1),
    });
    expect(renamed.body).toMatchObject({ agent_name: 'Main phone', agent_number: phone, user_type: 'owner' });

    const moved = await org(app, owner, 'editAgent', {
      agent_id: ownerAgent.id,
      agent_name: 'Main phone',
      agent_number: '+14155552671',
    });
    expect(moved).toMatchObject({ status: 409, body: { message: expect.stringContaining('owner agent') } });

    // As a user agent it is an ordinary agent; back to owner only with the linked number.
    const asUser = await org<Agent>(app, owner, 'editAgent', {
      agent_id: ownerAgent.id,
      agent_name: 'Main phone',
      agent_number: phone,
      user_type: 'user',
    });
    expect(asUser.body).toMatchObject({ agent_number: phone, user_type: 'user' });
    const elsewhere = await org(app, owner, 'editAgent', {
      agent_id: ownerAgent.id,
      agent_name: 'Main phone',
      agent_number: '+14155552671',
      user_type: 'owner',
    });
    expect(elsewhere).toMatchObject({
      status: 409,
      body: { message: "Only a linked phone's own number can be an owner agent." },
    });
    const back = await org<Agent>(app, owner, 'editAgent', {
      agent_id: ownerAgent.id,
      agent_name: 'Main phone',
      agent_number: phone,
      user_type: 'owner',
    });
    expect(back).toMatchObject({ status: 200, body: { agent_number: phone, user_type: 'owner' } });
  });
});

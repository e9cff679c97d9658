import type { Agent, CountsResponse, Ticket, TicketStatsResponse } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';

describeWithDatabase('organisation isolation of the /org/ calls', (ctx) => {
  it("never shows or changes another organisation's agents, tickets, stats or counts", async () => {
    const a = await deskFixture(ctx, ctx.app, 'a@example.com');
    const b = await deskFixture(ctx, ctx.app, 'b@example.com');
    // The same group JID and sender in both organisations still make two separate tickets.
    await a.say({ body: 'from a', id: 'A1' });
    await b.say({ body: 'from b', id: 'B1' });
    await b.say({ body: 'more from b', groupId: 'other@g.us', id: 'B2' });
    const agentA = (
      await org<Agent>(ctx.app, a.user, 'addAgent', { agent_name: 'A', agent_number: '+14155552671' })
    ).body;
    await org(ctx.app, b.user, 'addAgent', { agent_name: 'B', agent_number: '+442079460958' });
    const [ticketA] = (await org<Ticket[]>(ctx.app, a.user, 'getTickets')).body;
    if (!ticketA) throw new Error('no ticket');

    expect((await org<Agent[]>(ctx.app, b.user, 'listAgent')).body.map((x) => x.agent_name)).toEqual(['B']);
    expect(
      (await org<Ticket[]>(ctx.app, b.user, 'getTickets')).body.map((t) => t.last_message).sort(),
    ).toEqual(['from b', 'more from b']);
    expect((await org<TicketStatsResponse>(ctx.app, b.user, 'getTicketStats')).body).toMatchObject({
      open: 2,
      total: 2,
    });
    expect((await org<TicketStatsResponse>(ctx.app, a.user, 'getTicketStats')).body).toMatchObject({
      open: 1,
      total: 1,
    });
    expect((await org<CountsResponse>(ctx.app, a.user, 'getCounts')).body).toEqual({
      sessions: 1,
      groups: 0,
      agents: 1,
    });

    const notFound = { status: 404 };
    expect(await org(ctx.app, b.user, 'removeAgent', { agent_id: agentA.id })).toMatchObject(notFound);
    expect(await org(ctx.app, b.user, 'getTicketsDetails', { ticket_id: ticketA.id })).toMatchObject(
      notFound,
    );
    expect(
      await org(ctx.app, b.user, 'updateTicketStatus', { ticket_id: ticketA.id, status: 'close' }),
    ).toMatchObject(notFound);
    expect(await org(ctx.app, b.user, 'getTickets', { before_id: ticketA.id })).toMatchObject({
      status: 200,
      body: [],
    });

    expect((await org<Agent[]>(ctx.app, a.user, 'listAgent')).body).toEqual([agentA]);
    expect((await org<Ticket[]>(ctx.app, a.user, 'getTickets')).body).toEqual([ticketA]);
  });

  it('needs a bearer token for every ticket call', async () => {
    for (const call of [
      'getTickets',
      'getTicketStats',
      'getTicketsDetails',
      'updateTicketStatus',
      'getCounts',
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: `/org/${call}/`, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});

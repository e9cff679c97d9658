import {
  type Ticket,
  type TicketStatsResponse,
  ticketMessages,
  type UpdateTicketStatusResponse,
} from '@wadesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { tickets } from '../../db/schema';

describeEachDatabase('ticket calls', (ctx) => {
  const list = async (user: Parameters<typeof org>[1], payload: object = {}) =>
    (await org<Ticket[]>(ctx.app, user, 'getTickets', payload)).body;

  it('lists newest first, pages with before_id, filters by status and honours limit', async () => {
    const { user, say } = await deskFixture(ctx);
    const t0 = Math.floor(Date.now() / 1000);
    for (let i = 0; i < 5; i++) await say({ groupId: `g${i}@g.us`, body: `q${i}`, timestamp: t0 + i });
    const all = await list(user);
    expect(all.map((t) => t.last_message)).toEqual(['q4', 'q3', 'q2', 'q1', 'q0']);

    const page1 = await list(user, { limit: 2 });
    const page2 = await list(user, { limit: 2, before_id: page1[1]?.id });
    const page3 = await list(user, { limit: 2, before_id: page2[1]?.id });
    expect([...page1, ...page2, ...page3].map((t) => t.last_message)).toEqual(['q4', 'q3', 'q2', 'q1', 'q0']);

    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: all[0]?.id, status: 'close' });
    expect((await list(user, { status: ['close'] })).map((t) => t.last_message)).toEqual(['q4']);
    expect(await list(user, { status: ['open', 'in_progress'] })).toHaveLength(4);

    const bare = await ctx.app.inject({ method: 'POST', url: '/org/getTickets/', headers: user.headers });
    expect(bare.json()).toHaveLength(5);
  });

  it.each([{ limit: 0 }, { limit: 2001 }, { status: ['done'] }, { before_id: 'x' }])(
    'rejects getTickets with %j',
    async (payload) => {
      const { user } = await deskFixture(ctx);
      expect((await org(ctx.app, user, 'getTickets', payload)).status).toBe(400);
    },
  );

  it('closes (closed_at), reopens (clears it) and sets in progress', async () => {
    const { user, say } = await deskFixture(ctx);
    await say({ body: 'help' });
    const [ticket] = await list(user);
    const set = (status: string) =>
      org<UpdateTicketStatusResponse>(ctx.app, user, 'updateTicketStatus', { ticket_id: ticket?.id, status });

    ctx.clock.advance(120_000);
    const closed = await set('close');
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({
      success: true,
      message: 'Ticket status updated.',
      ticket: { status: 'close' },
    });
    expect(closed.body.ticket.closed_at).toBe(ctx.clock().toISOString());
    ctx.clock.advance(1000);
    expect((await set('close')).body.ticket.closed_at).toBe(closed.body.ticket.closed_at);

    const reopened = await set('open');
    expect(reopened.body.ticket).toMatchObject({ status: 'open', closed_at: null });
    expect((await set('in_progress')).body.ticket).toMatchObject({ status: 'in_progress', closed_at: null });
  });

  it('refuses to reopen a closed ticket while its group has another active one', async () => {
    const { user, say } = await deskFixture(ctx);
    // No reopen window: the second message opens a follow-up instead of reopening (decision 0020).
    await org(ctx.app, user, 'updateSettings', { reopen_days: 0 });
    await say({ body: 'first' });
    const [first] = await list(user);
    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: first?.id, status: 'close' });
    await say({ body: 'second' });
    for (const status of ['open', 'in_progress', 'pending']) {
      const res = await org(ctx.app, user, 'updateTicketStatus', { ticket_id: first?.id, status });
      expect(res).toMatchObject({
        status: 409,
        body: {
          message:
            'This group already has an open, in-progress or pending ticket. Close it before reopening this one.',
        },
      });
    }
    expect((await list(user)).map((t) => [t.status, t.follow_up_of])).toEqual([
      ['open', first?.id],
      ['close', null],
    ]);
  });

  it.each([
    [{ ticket_id: 1, status: 'closed' }, 'Choose a status: open, in_progress, pending or close.'],
    [{ ticket_id: 1, status: 'OPEN' }, 'Choose a status: open, in_progress, pending or close.'],
    [{ ticket_id: 1 }, 'Choose a status: open, in_progress, pending or close.'],
    [{ status: 'close' }, 'Ticket ID must be a number.'],
    [{ ticket_id: '1', status: 'close' }, 'Ticket ID must be a number.'],
  ])('rejects updateTicketStatus with %j', async (payload, message) => {
    const { user, say } = await deskFixture(ctx);
    await say();
    const res = await org(ctx.app, user, 'updateTicketStatus', payload);
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect((await list(user))[0]?.status).toBe('open');
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const { user } = await deskFixture(ctx);
    for (const [call, payload] of [
      ['updateTicketStatus', { ticket_id: 999, status: 'close' }],
      ['getTicketsDetails', { ticket_id: 999 }],
    ] as const) {
      expect(await org(ctx.app, user, call, payload)).toMatchObject({
        status: 404,
        body: { message: ticketMessages.ticketNotFound },
      });
    }
  });

  it('counts tickets by status with average first response and resolution times', async () => {
    const { user, say } = await deskFixture(ctx);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/org/getTicketStats/',
      headers: user.headers,
    });
    expect(empty.json()).toEqual({
      open: 0,
      in_progress: 0,
      pending: 0,
      closed: 0,
      total: 0,
      avg_first_response_seconds: null,
      avg_resolution_seconds: null,
      sla_due_soon: 0,
      sla_breached: 0,
    });

    const t0 = Math.floor(ctx.clock().getTime() / 1000);
    await say({ groupId: 'a@g.us', timestamp: t0 });
    await say({ groupId: 'a@g.us', fromMe: true, timestamp: t0 + 20 });
    await say({ groupId: 'b@g.us', timestamp: t0 });
    await say({ groupId: 'b@g.us', fromMe: true, timestamp: t0 + 40 });
    await say({ groupId: 'c@g.us', timestamp: t0 });
    const oldest = (await list(user)).at(-1);
    ctx.clock.set(new Date((t0 + 100) * 1000));
    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: oldest?.id, status: 'close' });

    const stats = (await org<TicketStatsResponse>(ctx.app, user, 'getTicketStats')).body;
    expect(stats).toEqual({
      open: 1,
      in_progress: 1,
      pending: 0,
      closed: 1,
      total: 3,
      avg_first_response_seconds: 30,
      avg_resolution_seconds: 100,
      sla_due_soon: 0,
      sla_breached: 0,
    });
    expect(await ctx.count(tickets)).toBe(3);

    // Pending (waiting on the customer) is counted apart, and in the total (ticket_stats' trigger).
    const working = (await list(user)).find((t) => t.status === 'in_progress');
    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: working?.id, status: 'pending' });
    expect((await org<TicketStatsResponse>(ctx.app, user, 'getTicketStats')).body).toMatchObject({
      open: 1,
      in_progress: 0,
      pending: 1,
      closed: 1,
      total: 3,
    });
  });

  it('recognises an agent added on another server within five seconds', async () => {
    const { user, say } = await deskFixture(ctx);
    const other = await ctx.buildApp();
    await say({ body: 'help' });
    expect((await list(user))[0]?.status).toBe('open'); // this server has now loaded the agent list
    await org(other, user, 'addAgent', { agent_name: 'Dev', agent_number: '+4917000000001' });
    ctx.clock.advance(5_000);
    await say({ body: 'on it', from: '4917000000001' });
    expect((await list(user))[0]).toMatchObject({ status: 'in_progress', last_message: 'on it' });
  });
});

import type {
  InboxResponse,
  SlaClock,
  SlaClocksResponse,
  Ticket,
  TicketStatsResponse,
} from '@wadesk/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { officeHours } from '../../../test/helpers/business-hours';
import { describeEachDatabase, type TestContext } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { internalsOf } from '../../app-internals';
import { deskReplies, labels, tickets } from '../../db/schema';

// The SLA clocks as the desk keeps them (decision 0028): computed from each ticket's history — messages at
// their WhatsApp times, status changes — by the worker, from the queue the triggers fill in the changes'
// own transactions. On both databases.

const GROUP = 'sla-group@g.us';
const AGENT = { lid: '209999999999999@lid', phone: '4915199999999' };
const pn = (phone: string) => `${phone}@s.whatsapp.net`;
/** Monday 2026-11-23, UTC. */
const at = (time: string, day = '2026-11-23') => new Date(`${day}T${time}:00Z`);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const OFFICE = officeHours();
const STANDARD = {
  name: 'Standard',
  label_ids: [],
  first_response_minutes: 60,
  next_response_minutes: 30,
  resolution_minutes: 480,
  calendar: 'business',
  pause_while_pending: true,
};

type Desk = Awaited<ReturnType<typeof deskFixture>>;

async function measured(ctx: TestContext, desk: Desk, policies: object[] = [STANDARD]) {
  const saved = await org(ctx.app, desk.user, 'updateSettings', {
    business_hours: OFFICE,
    sla_policies: policies,
  });
  expect(saved.status).toBe(200);
  await desk.groupMode(GROUP, 'watch');
}

/** The ticket's clocks once the worker has computed what is queued. */
async function clocksOf(ctx: TestContext, desk: Desk, ticketId: number): Promise<SlaClock[]> {
  await internalsOf(ctx.app).slaEngine.settled();
  const res = await org<SlaClocksResponse>(ctx.app, desk.user, 'getSlaClocks', { ticket_ids: [ticketId] });
  expect(res.status).toBe(200);
  return res.body.clocks;
}

const summary = (clocks: SlaClock[]) =>
  clocks.map((c) => [c.kind, c.cycle, c.started_at, c.due_at, c.stopped_at, c.met, c.paused]);

async function onlyTicket(ctx: TestContext, desk: Desk) {
  const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.organisationId, desk.organisationId));
  if (!ticket) throw new Error('no ticket');
  return ticket;
}

describeEachDatabase('SLA clocks', (ctx) => {
  it('runs every clock through replies, an acknowledgement, Pending, closing and reopening', async () => {
    const desk = await deskFixture(ctx);
    await measured(ctx, desk);
    ctx.clock.set(at('10:01'));
    await desk.say({
      groupId: GROUP,
      from: '4917000000001',
      name: 'Carla',
      body: 'my order?',
      timestamp: seconds(at('10:00')),
    });
    const ticket = await onlyTicket(ctx, desk);
    expect(summary(await clocksOf(ctx, desk, ticket.id))).toEqual([
      ['first_response', 0, at('10:00').toISOString(), at('11:00').toISOString(), null, null, false],
      // Eight business hours: the rest of Monday and an hour of Tuesday.
      [
        'resolution',
        0,
        at('10:00').toISOString(),
        at('10:00', '2026-11-24').toISOString(),
        null,
        null,
        false,
      ],
    ]);

    // The linked phone answers (a human on the business's own phone): first response met.
    await desk.say({ groupId: GROUP, fromMe: true, body: 'checking', timestamp: seconds(at('10:20')) });
    // An acknowledgement starts no next-response clock; a question does.
    await desk.say({
      groupId: GROUP,
      from: '4917000000001',
      name: 'Carla',
      body: 'thanks',
      timestamp: seconds(at('10:25')),
    });
    expect((await clocksOf(ctx, desk, ticket.id)).map((c) => c.kind)).toEqual([
      'first_response',
      'resolution',
    ]);
    await desk.say({
      groupId: GROUP,
      from: '4917000000001',
      name: 'Carla',
      body: 'and the invoice?',
      timestamp: seconds(at('10:40')),
    });

    ctx.clock.set(at('11:00'));
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: ticket.id, status: 'pending' });
    let clocks = await clocksOf(ctx, desk, ticket.id);
    expect(summary(clocks)).toEqual([
      [
        'first_response',
        0,
        at('10:00').toISOString(),
        at('11:00').toISOString(),
        at('10:20').toISOString(),
        true,
        false,
      ],
      // Pending: resolution paused, its due time moved by the wait so far (none yet).
      ['resolution', 0, at('10:00').toISOString(), at('10:00', '2026-11-24').toISOString(), null, null, true],
      ['next_response', 0, at('10:40').toISOString(), at('11:10').toISOString(), null, null, false],
    ]);

    // Back from Pending by the customer an hour later: the hour does not count.
    ctx.clock.set(at('12:00'));
    await desk.say({
      groupId: GROUP,
      from: '4917000000001',
      name: 'Carla',
      body: 'still there?',
      timestamp: seconds(at('12:00')),
    });
    clocks = await clocksOf(ctx, desk, ticket.id);
    expect(clocks.find((c) => c.kind === 'resolution')).toMatchObject({
      paused: false,
      due_at: at('11:00', '2026-11-24').toISOString(),
    });

    ctx.clock.set(at('13:00'));
    await org(ctx.app, desk.user, 'updateTicketStatus', { ticket_id: ticket.id, status: 'close' });
    clocks = await clocksOf(ctx, desk, ticket.id);
    expect(summary(clocks.filter((c) => c.kind === 'resolution'))).toEqual([
      [
        'resolution',
        0,
        at('10:00').toISOString(),
        at('11:00', '2026-11-24').toISOString(),
        at('13:00').toISOString(),
        true,
        false,
      ],
    ]);
    // Closing stops the next response nobody gave: missed (due 11:10).
    expect(clocks.find((c) => c.kind === 'next_response')).toMatchObject({
      stopped_at: at('13:00').toISOString(),
      met: false,
    });

    // The customer writes within the reopen window: a second resolution cycle and a next response.
    ctx.clock.set(at('14:00'));
    await desk.say({
      groupId: GROUP,
      from: '4917000000001',
      name: 'Carla',
      body: 'one more thing',
      timestamp: seconds(at('14:00')),
    });
    clocks = await clocksOf(ctx, desk, ticket.id);
    expect(summary(clocks.filter((c) => c.stopped_at === null))).toEqual([
      ['next_response', 1, at('14:00').toISOString(), at('14:30').toISOString(), null, null, false],
      [
        'resolution',
        1,
        at('14:00').toISOString(),
        at('14:00', '2026-11-24').toISOString(),
        null,
        null,
        false,
      ],
    ]);

    // The lists' filter and the stat cards: within the 15-minute lead of 14:30, then past it.
    const listed = async (sla: string) => ({
      dashboard: (await org<Ticket[]>(ctx.app, desk.user, 'getTickets', { sla })).body.map((t) => t.id),
      inbox: (await org<InboxResponse>(ctx.app, desk.user, 'getInbox', { sla })).body.tickets.map(
        (t) => t.id,
      ),
    });
    const stats = async () => {
      const { sla_due_soon, sla_breached } = (
        await org<TicketStatsResponse>(ctx.app, desk.user, 'getTicketStats')
      ).body;
      return { sla_due_soon, sla_breached };
    };
    ctx.clock.set(at('14:10'));
    expect(await listed('due_soon')).toEqual({ dashboard: [], inbox: [] });
    expect(await stats()).toEqual({ sla_due_soon: 0, sla_breached: 0 });
    ctx.clock.set(at('14:20'));
    expect(await listed('due_soon')).toEqual({ dashboard: [ticket.id], inbox: [ticket.id] });
    expect(await listed('breached')).toEqual({ dashboard: [], inbox: [] });
    expect(await stats()).toEqual({ sla_due_soon: 1, sla_breached: 0 });
    ctx.clock.set(at('14:31'));
    expect(await listed('due_soon')).toEqual({ dashboard: [], inbox: [] });
    expect(await listed('breached')).toEqual({ dashboard: [ticket.id], inbox: [ticket.id] });
    expect(await stats()).toEqual({ sla_due_soon: 0, sla_breached: 1 });
  });

  it('computes every clock again when the business hours change, from the same history', async () => {
    const desk = await deskFixture(ctx);
    await measured(ctx, desk);
    ctx.clock.set(at('10:01'));
    await desk.say({
      groupId: GROUP,
      from: '4917000000005',
      name: 'Jo',
      body: 'hi',
      timestamp: seconds(at('10:00')),
    });
    const ticket = await onlyTicket(ctx, desk);
    const first = async () => (await clocksOf(ctx, desk, ticket.id)).find((c) => c.kind === 'first_response');
    expect((await first())?.due_at).toBe(at('11:00').toISOString());
    // Mondays now open at 10:30: the hour of business time ends at 11:30.
    const later = { ...OFFICE, week: { ...OFFICE.week, mon: [{ from: '10:30', to: '17:00' }] } };
    expect((await org(ctx.app, desk.user, 'updateSettings', { business_hours: later })).status).toBe(200);
    expect((await first())?.due_at).toBe(at('11:30').toISOString());
  });

  it('reads times the database wrote itself, with microseconds, as whole milliseconds', async () => {
    const desk = await deskFixture(ctx);
    await measured(ctx, desk);
    ctx.clock.set(at('10:01'));
    await desk.say({
      groupId: GROUP,
      from: '4917000000004',
      name: 'Ida',
      body: 'hello',
      timestamp: seconds(at('10:00')),
    });
    const ticket = await onlyTicket(ctx, desk);
    // As a status set with the database's now() would be stored.
    await ctx.db.execute(sql`insert into ticket_status_moments (ticket_id, at, kind)
      values (${ticket.id}, '2026-11-23T10:30:00.123456Z', 'pending'),
        (${ticket.id}, '2026-11-23T10:40:00.654321Z', 'resumed')`);
    const resolution = (await clocksOf(ctx, desk, ticket.id)).find((c) => c.kind === 'resolution');
    // Ten paused minutes (to the millisecond) move the due time on.
    expect(resolution?.due_at).toBe('2026-11-24T10:10:00.531Z');
  });

  it('a refused desk reply and an automatic message stop nothing; an agent phone reply by LID does; labels pick the policy', async () => {
    const desk = await deskFixture(ctx);
    const [vip] = await ctx.db
      .insert(labels)
      .values({ organisationId: desk.organisationId, name: 'VIP', colour: '#aa0000' })
      .returning();
    const vipId = vip?.id ?? 0;
    await measured(ctx, desk, [
      { ...STANDARD, name: 'VIP', label_ids: [vipId], first_response_minutes: 15 },
      STANDARD,
    ]);
    await org(ctx.app, desk.user, 'addAgent', { agent_name: 'Dev', agent_number: `+${AGENT.phone}` });
    await internalsOf(ctx.app).messageStore.saveContacts(desk.sessionId, [
      { jid: pn(AGENT.phone), name: 'Dev', altJid: AGENT.lid },
    ]);
    ctx.clock.set(at('10:01'));
    await desk.say({
      groupId: GROUP,
      from: '4917000000002',
      name: 'Omar',
      body: 'refund please',
      timestamp: seconds(at('10:00')),
    });
    const ticket = await onlyTicket(ctx, desk);

    // WhatsApp refused this desk reply (its echo arrives all the same), and the out-of-hours reply is automatic.
    for (const [waId, fields] of [
      ['REFUSED1', { status: 'failed' as const }],
      ['AUTO1', { status: 'sent' as const, automatic: true }],
    ] as const)
      await ctx.db.insert(deskReplies).values({
        organisationId: desk.organisationId,
        sessionId: desk.sessionId,
        groupJid: GROUP,
        waId,
        ticketId: ticket.id,
        body: 'x',
        content: '{}',
        ...fields,
      });
    await desk.say({
      groupId: GROUP,
      fromMe: true,
      id: 'REFUSED1',
      body: 'on it',
      timestamp: seconds(at('10:05')),
      deskReply: { userId: 0, name: 'Ann', ticketId: ticket.id },
    });
    await desk.say({
      groupId: GROUP,
      fromMe: true,
      id: 'AUTO1',
      body: 'we are away',
      timestamp: seconds(at('10:06')),
    });
    let first = (await clocksOf(ctx, desk, ticket.id)).find((c) => c.kind === 'first_response');
    expect(first).toMatchObject({
      policy_name: 'Standard',
      stopped_at: null,
      due_at: at('11:00').toISOString(),
    });

    // The VIP label: the same clock, recomputed from the same start under the VIP policy.
    expect(
      (await org(ctx.app, desk.user, 'setTicketLabels', { ticket_id: ticket.id, label_ids: [vipId] })).status,
    ).toBe(200);
    first = (await clocksOf(ctx, desk, ticket.id)).find((c) => c.kind === 'first_response');
    expect(first).toMatchObject({
      policy_name: 'VIP',
      started_at: at('10:00').toISOString(),
      due_at: at('10:15').toISOString(),
    });

    // The agent answers from their phone, named by LID only: a human reply, late for VIP.
    await desk.say({
      groupId: GROUP,
      lid: AGENT.lid,
      name: 'Dev',
      body: 'refund sent',
      timestamp: seconds(at('10:30')),
    });
    first = (await clocksOf(ctx, desk, ticket.id)).find((c) => c.kind === 'first_response');
    expect(first).toMatchObject({
      stopped_at: at('10:30').toISOString(),
      met: false,
      business_seconds: 30 * 60,
      // Credited to the agent (a phone with no member of its own).
      stopped_by: { user_id: null, name: 'Dev' },
    });

    // Another organisation asking for these clocks gets none.
    const other = await deskFixture(ctx, ctx.app, 'zed@example.com');
    const theirs = await org<SlaClocksResponse>(ctx.app, other.user, 'getSlaClocks', {
      ticket_ids: [ticket.id],
    });
    expect(theirs.body.clocks).toEqual([]);
  });
});

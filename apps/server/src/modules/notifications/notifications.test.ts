import type {
  MarkNotificationsReadResponse,
  Notification,
  NotificationsResponse,
  ServerEvent,
  Ticket,
} from '@wadesk/contract';
import { workflowMessages } from '@wadesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { type EventStream, openEventStream } from '../../../test/helpers/event-stream';
import { teammate, userId } from '../../../test/helpers/team';
import { eventually } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { memberNotifications, organisations, ticketNotes, tickets, unansweredAlerts } from '../../db/schema';

// The per-member notification store (docs/decisions/0022-member-notifications.md): what posts, who reads
// it, the read state per member, the prune, the unanswered sweep across instances, and a restart.

const CARLA = '4915100000001';
const MINUTE = 60_000;

describeEachDatabase('member notifications', (ctx) => {
  const streams: EventStream[] = [];
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  async function desk() {
    const fixture = await deskFixture(ctx);
    const ownerId = await userId(ctx.db, 'ann@example.com');
    const bo = await teammate(ctx.app, ctx.db, fixture.organisationId, 'bo@example.com');
    const owner = { ...fixture.user, id: ownerId };
    return { ...fixture, owner, bo };
  }
  const page = async (user: { headers: object } & Parameters<typeof org>[1], body: object = {}) =>
    (await org<NotificationsResponse>(ctx.app, user, 'getNotifications', body)).body;
  const kinds = (list: NotificationsResponse) => list.notifications.map((n) => `${n.kind}:${n.ticket_id}`);
  const firstTicket = async (user: Parameters<typeof org>[1]) => {
    const [ticket] = (await org<Ticket[]>(ctx.app, user, 'getTickets')).body;
    if (!ticket) throw new Error('no ticket');
    return ticket;
  };

  it('tells every member of a new ticket, and nobody of another organisation', async () => {
    const { owner, bo, say } = await desk();
    const stranger = await signUp(ctx.app, { email: 'zed@example.com' });
    await say({ from: CARLA, body: 'my printer is on fire' });
    const ticket = await firstTicket(owner);

    for (const member of [owner, bo]) {
      const list = await page(member);
      expect(list.unread).toBe(1);
      expect(list.notifications).toEqual([
        expect.objectContaining({
          kind: 'new_ticket',
          ticket_id: ticket.id,
          title: `New ticket from ${ticket.customer} in ${ticket.group_name}`,
          body: 'my printer is on fire',
          read_at: null,
        }),
      ]);
    }
    expect(await page(stranger)).toEqual({ notifications: [], unread: 0 });
  });

  it('tells the assignee when someone else assigns them, never who takes a ticket', async () => {
    const { owner, bo, say } = await desk();
    await say({ from: CARLA });
    const ticket = await firstTicket(owner);
    await org(ctx.app, owner, 'markNotificationsRead', { all: true });
    await org(ctx.app, bo, 'markNotificationsRead', { all: true });

    await org(ctx.app, owner, 'assignTicket', { ticket_id: ticket.id, assignee_id: bo.id });
    const bos = await page(bo);
    expect(bos.unread).toBe(1);
    expect(bos.notifications[0]).toMatchObject({
      kind: 'assigned',
      ticket_id: ticket.id,
      title: `Ann Lee assigned ticket #${ticket.id} to you`,
    });
    // Taking it oneself, or the same assignee again, tells nobody.
    await org(ctx.app, owner, 'assignTicket', { ticket_id: ticket.id, assignee_id: owner.id });
    await org(ctx.app, bo, 'assignTicket', { ticket_id: ticket.id, assignee_id: bo.id });
    await org(ctx.app, bo, 'assignTicket', { ticket_id: ticket.id, assignee_id: bo.id });
    expect((await page(owner)).unread).toBe(0);
    expect((await page(bo)).unread).toBe(1);
  });

  it('tells mentioned members of a note (not its author), and refuses a mention of a non-member', async () => {
    const { owner, bo, say } = await desk();
    await signUp(ctx.app, { email: 'zed@example.com' });
    const strangerId = await userId(ctx.db, 'zed@example.com');
    await say({ from: CARLA });
    const ticket = await firstTicket(owner);

    const refused = await org<{ message: string }>(ctx.app, owner, 'addTicketNote', {
      ticket_id: ticket.id,
      body: '@Zed look',
      mentions: [bo.id, strangerId],
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(workflowMessages.memberNotFound);
    expect(await ctx.count(ticketNotes)).toBe(0);
    expect(kinds(await page(bo))).toEqual([`new_ticket:${ticket.id}`]);

    const added = await org(ctx.app, owner, 'addTicketNote', {
      ticket_id: ticket.id,
      body: '@Bob Kim can you call her back?',
      mentions: [bo.id, owner.id, bo.id],
    });
    expect(added.status).toBe(201);
    const bos = await page(bo);
    expect(bos.notifications[0]).toMatchObject({
      kind: 'mentioned',
      ticket_id: ticket.id,
      title: `Ann Lee mentioned you on ticket #${ticket.id}`,
      body: '@Bob Kim can you call her back?',
    });
    expect(kinds(bos)).toEqual([`mentioned:${ticket.id}`, `new_ticket:${ticket.id}`]);
    expect(kinds(await page(owner))).toEqual([`new_ticket:${ticket.id}`]);
  });

  it('tells the assignee when their customer replies on a pending ticket and when a closed one reopens', async () => {
    const { owner, bo, say } = await desk();
    const now = () => Math.floor(Date.now() / 1000);
    await say({ from: CARLA, body: 'my order is late', timestamp: now() });
    const ticket = await firstTicket(owner);
    await org(ctx.app, owner, 'assignTicket', { ticket_id: ticket.id, assignee_id: bo.id });
    await org(ctx.app, owner, 'updateTicketStatus', { ticket_id: ticket.id, status: 'pending' });

    await say({ from: CARLA, body: 'order 17', timestamp: now() + 1 });
    expect((await page(bo)).notifications[0]).toMatchObject({
      kind: 'customer_replied',
      ticket_id: ticket.id,
      title: `${ticket.customer} replied on ticket #${ticket.id}`,
      body: 'order 17',
    });
    // Another message on the ticket now in progress tells nobody again.
    await say({ from: CARLA, body: 'hello?', timestamp: now() + 2 });
    await org(ctx.app, owner, 'updateTicketStatus', { ticket_id: ticket.id, status: 'close' });
    await say({ from: CARLA, body: 'it broke again', timestamp: now() + 3 });

    const bos = await page(bo);
    expect(kinds(bos)).toEqual([
      `customer_replied:${ticket.id}`,
      `customer_replied:${ticket.id}`,
      `assigned:${ticket.id}`,
      `new_ticket:${ticket.id}`,
    ]);
    expect(bos.notifications[0]).toMatchObject({
      title: `Ticket #${ticket.id} reopened: ${ticket.customer} wrote again`,
      body: 'it broke again',
    });
    // The owner is not the assignee: only the new ticket.
    expect(kinds(await page(owner))).toEqual([`new_ticket:${ticket.id}`]);
  });

  it('tells the assignee once per wait when their customer writes again on a ticket they answered', async () => {
    const { owner, bo, say } = await desk();
    const now = () => Math.floor(Date.now() / 1000);
    await say({ from: CARLA, body: 'my order is late', timestamp: now() });
    const ticket = await firstTicket(owner);
    await org(ctx.app, owner, 'assignTicket', { ticket_id: ticket.id, assignee_id: bo.id });
    // The business answers from the linked phone: the ticket is In Progress and nobody waits.
    const reply = (at: number) => say({ fromMe: true, body: 'on its way', timestamp: at });
    await reply(now() + 1);
    expect((await firstTicket(owner)).status).toBe('in_progress');
    const replied = async () =>
      (await page(bo)).notifications.filter((n) => n.kind === 'customer_replied').map((n) => n.body);

    await say({ from: CARLA, body: 'thanks', timestamp: now() + 2 });
    expect(await replied()).toEqual([]);
    await say({ from: CARLA, body: 'it still has not come', timestamp: now() + 3 });
    await say({ from: CARLA, body: 'hello?', timestamp: now() + 4 });
    expect(await replied()).toEqual(['it still has not come']);
    expect((await page(bo)).notifications[0]).toMatchObject({
      kind: 'customer_replied',
      ticket_id: ticket.id,
      title: `${ticket.customer} replied on ticket #${ticket.id}`,
    });
    // Answered again, then a new message: a new wait, a new notification.
    await reply(now() + 5);
    await say({ from: CARLA, body: 'any news?', timestamp: now() + 6 });
    expect(await replied()).toEqual(['any news?', 'it still has not come']);
    expect(kinds(await page(owner))).toEqual([`new_ticket:${ticket.id}`]);
  });

  it('keeps read state per member, delivers to that member’s streams only, and pages', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { owner, bo, say } = await desk();
    const ownerStream = await openEventStream(ctx.app, owner.access_token);
    const boStream = await openEventStream(ctx.app, bo.access_token);
    streams.push(ownerStream, boStream);
    await eventually(() => ownerStream.events.length > 0 && boStream.events.length > 0);

    await say({ from: CARLA, groupId: '1@g.us' });
    await say({ from: CARLA, groupId: '2@g.us' });
    await say({ from: CARLA, groupId: '3@g.us' });
    const ownerIds = (await page(owner)).notifications.map((n) => n.id);
    const boIds = (await page(bo)).notifications.map((n) => n.id);
    const [ticket] = (await org<Ticket[]>(ctx.app, owner, 'getTickets')).body;
    if (!ticket) throw new Error('no ticket');
    await org(ctx.app, owner, 'assignTicket', { ticket_id: ticket.id, assignee_id: bo.id });

    const created = (stream: EventStream) =>
      stream.events.flatMap((e: ServerEvent) => (e.type === 'notification.created' ? [e.notification] : []));
    await eventually(() => created(boStream).length === 4);
    await eventually(() => created(ownerStream).length === 3);
    expect(created(ownerStream).map((n: Notification) => n.id)).toEqual([...ownerIds].reverse());
    expect(created(boStream).map((n: Notification) => n.kind)).toEqual([
      'new_ticket',
      'new_ticket',
      'new_ticket',
      'assigned',
    ]);

    // Marking another member's notification read changes nothing of theirs.
    const [newest, middle] = ownerIds;
    const foreign = await org<MarkNotificationsReadResponse>(ctx.app, owner, 'markNotificationsRead', {
      ids: [boIds[0], newest],
    });
    expect(foreign.body).toEqual({ success: true, unread: 2 });
    expect((await page(bo)).unread).toBe(4);
    const ownerList = await page(owner);
    expect(ownerList.notifications.map((n) => n.read_at === null)).toEqual([false, true, true]);
    await eventually(() => ownerStream.events.some((e) => e.type === 'notifications.read' && e.unread === 2));
    expect(ownerStream.events).toContainEqual({ type: 'notifications.read', ids: [newest], unread: 2 });
    expect(boStream.events.some((e) => e.type === 'notifications.read')).toBe(false);

    const before = await page(owner, { before_id: newest, limit: 1 });
    expect(before.notifications.map((n) => n.id)).toEqual([middle]);

    const all = await org<MarkNotificationsReadResponse>(ctx.app, bo, 'markNotificationsRead', { all: true });
    expect(all.body).toEqual({ success: true, unread: 0 });
    await eventually(() => boStream.events.some((e) => e.type === 'notifications.read'));
    expect(boStream.events).toContainEqual({ type: 'notifications.read', ids: null, unread: 0 });
    expect((await page(owner)).unread).toBe(2);
  });

  it('keeps each member’s newest notifications only', async () => {
    const app = await ctx.buildApp({}, { notificationsKept: 3 });
    const fixture = await deskFixture(ctx, app);
    const bo = await teammate(app, ctx.db, fixture.organisationId, 'bo@example.com');
    for (const group of ['1', '2', '3', '4', '5'])
      await fixture.say({ from: CARLA, groupId: `${group}@g.us` });
    const rows = await ctx.db.select().from(memberNotifications).where(eq(memberNotifications.userId, bo.id));
    expect(rows).toHaveLength(3);
    const list = (await org<NotificationsResponse>(app, bo, 'getNotifications')).body;
    const newest = (await org<Ticket[]>(app, bo, 'getTickets')).body.slice(0, 3).map((t) => t.id);
    expect(list.notifications.map((n) => n.ticket_id)).toEqual(newest);
    expect(list.unread).toBe(3);
  });

  it('alerts an unanswered ticket once, to every member, however many instances sweep', async () => {
    const { owner, bo, say, organisationId } = await desk();
    await ctx.db
      .update(organisations)
      .set({ unansweredMinutes: 30 })
      .where(eq(organisations.id, organisationId));
    // On the app's clock, whole seconds as WhatsApp gives them: the wait is known to the second.
    const at = Math.floor(ctx.clock().getTime() / 1000);
    await say({ from: CARLA, groupId: '1@g.us', timestamp: at });
    await say({ from: CARLA, groupId: '2@g.us', timestamp: at });
    const waiting = (await org<Ticket[]>(ctx.app, owner, 'getTickets')).body.find(
      (t) => t.group_id === '2@g.us',
    );
    if (!waiting) throw new Error('no ticket');
    // The other one is answered.
    await say({ fromMe: true, groupId: '1@g.us', body: 'on it', timestamp: at });
    const other = await ctx.buildApp();
    const sweepBoth = () =>
      Promise.all([internalsOf(ctx.app).unansweredSweep.sweep(), internalsOf(other).unansweredSweep.sweep()]);

    // Not yet: 29 minutes.
    ctx.clock.advance(29 * MINUTE);
    expect(await sweepBoth()).toEqual([0, 0]);
    ctx.clock.advance(2 * MINUTE);
    // (Counted in the table: each app's own periodic sweep may also have run by now, which is fine.)
    const alerted = () =>
      ctx.db.select().from(memberNotifications).where(eq(memberNotifications.kind, 'unanswered'));
    await sweepBoth();
    expect(await alerted()).toHaveLength(2);
    ctx.clock.advance(10 * MINUTE);
    await sweepBoth();
    expect(await alerted()).toHaveLength(2);

    // (Read from the table: the members' access tokens have expired on the moved clock.)
    for (const member of [owner, bo]) {
      const unanswered = await ctx.db
        .select()
        .from(memberNotifications)
        .where(and(eq(memberNotifications.userId, member.id), eq(memberNotifications.kind, 'unanswered')));
      expect(unanswered).toEqual([
        expect.objectContaining({
          ticketId: waiting.id,
          // The wait when the sweep found it, not the setting.
          title: `Ticket #${waiting.id} from ${waiting.customer} unanswered for 31 min`,
          body: waiting.group_name,
        }),
      ]);
    }
    expect(await ctx.count(unansweredAlerts)).toBe(1);
  });

  it('alerts each wait on the business once: an answered In Progress ticket the customer wrote on again, not a pending one, nor one from before a long stop', async () => {
    const { owner, say, organisationId } = await desk();
    await ctx.db
      .update(organisations)
      .set({ unansweredMinutes: 30 })
      .where(eq(organisations.id, organisationId));
    const second = () => Math.floor(ctx.clock().getTime() / 1000);
    await say({ from: CARLA, groupId: '1@g.us', body: 'where is my order?', timestamp: second() });
    await say({ from: CARLA, groupId: '2@g.us', body: 'and mine?', timestamp: second() });
    const byGroup = async () => {
      const list = (await org<Ticket[]>(ctx.app, owner, 'getTickets')).body;
      return (jid: string) => list.find((t) => t.group_id === jid) as Ticket;
    };
    const group = await byGroup();
    const [worked, parked] = [group('1@g.us'), group('2@g.us')];
    // Both answered at once: in progress, nobody waits.
    await say({ fromMe: true, groupId: '1@g.us', body: 'looking', timestamp: second() });
    await say({ fromMe: true, groupId: '2@g.us', body: 'looking', timestamp: second() });
    ctx.clock.advance(60 * MINUTE);
    const sweep = () => internalsOf(ctx.app).unansweredSweep.sweep();
    const alerts = async () =>
      (
        await ctx.db
          .select()
          .from(memberNotifications)
          .where(and(eq(memberNotifications.userId, owner.id), eq(memberNotifications.kind, 'unanswered')))
      ).map((n) => n.title);
    await sweep();
    expect(await alerts()).toEqual([]);

    // The customers write again; one ticket is then set pending (waiting on the customer, says the member).
    await say({ from: CARLA, groupId: '1@g.us', body: 'any news?', timestamp: second() });
    await say({ from: CARLA, groupId: '2@g.us', body: 'hello?', timestamp: second() });
    await ctx.db.update(tickets).set({ status: 'pending' }).where(eq(tickets.id, parked.id));
    ctx.clock.advance(29 * MINUTE);
    await sweep();
    expect(await alerts()).toEqual([]);
    // Swept late: the title says how long the customer has waited.
    ctx.clock.advance(16 * MINUTE);
    await sweep();
    await sweep();
    const first = `Ticket #${worked.id} from ${worked.customer} unanswered for 45 min`;
    expect(await alerts()).toEqual([first]);

    // Answered, then a new wait: alerted once more.
    await say({ fromMe: true, groupId: '1@g.us', body: 'tomorrow', timestamp: second() });
    await say({ from: CARLA, groupId: '1@g.us', body: 'ok but when?', timestamp: second() });
    ctx.clock.advance(31 * MINUTE);
    await sweep();
    await sweep();
    const again = `Ticket #${worked.id} from ${worked.customer} unanswered for 31 min`;
    expect((await alerts()).sort()).toEqual([first, again].sort());
    expect(await ctx.count(unansweredAlerts)).toBe(1);

    // A wait that fell due more than a day before the sweep ran (a server stopped that long) is not alerted.
    await say({ fromMe: true, groupId: '1@g.us', body: 'done', timestamp: second() });
    await say({ from: CARLA, groupId: '1@g.us', body: 'it is not', timestamp: second() });
    ctx.clock.advance((30 + 1440 + 1) * MINUTE);
    await sweep();
    expect(await alerts()).toHaveLength(2);
  });

  it('survives a restart with its read state', async () => {
    const { owner, say } = await desk();
    await say({ from: CARLA, groupId: '1@g.us' });
    await say({ from: CARLA, groupId: '2@g.us' });
    const before = await page(owner);
    await org(ctx.app, owner, 'markNotificationsRead', { ids: [before.notifications[1]?.id] });
    await ctx.app.close();
    const restarted = await ctx.buildApp();
    const after = (await org<NotificationsResponse>(restarted, owner, 'getNotifications')).body;
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n) => [n.id, n.read_at === null])).toEqual([
      [before.notifications[0]?.id, true],
      [before.notifications[1]?.id, false],
    ]);
  });
});

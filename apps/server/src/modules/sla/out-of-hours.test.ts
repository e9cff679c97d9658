import type { SimClockResponse, SlaClocksResponse, Ticket, TicketDetailsResponse } from '@wadesk/contract';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org, say } from '../../../test/helpers/desk';
import { teammate } from '../../../test/helpers/team';
import { eventually, linkSession, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { deskReplies, memberNotifications, users } from '../../db/schema';

// The out-of-hours reply and demo mode's clock (decision 0028), through the simulated phone: the reply is
// sent by the desk once per ticket, recorded as automatic, and stops no clock; the simulated clock moves
// the clocks, their warnings and the phones' message times.

const OFFICE = {
  time_zone: 'UTC',
  week: Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ from: '09:00', to: '17:00' }]]),
  ),
  holidays: [],
  holiday_region: null,
};

describeWithDatabase('out-of-hours reply and the simulated clock', (ctx) => {
  it('answers a customer writing on a Saturday once per ticket, as automatic, and the clock runs on', async () => {
    ctx.clock.set(new Date('2026-11-28T10:00:00Z'));
    const app = ctx.app;
    const owner = await signUpVerified(app);
    const { sessionId, groups } = await linkSession(app, owner);
    const group = groups[0];
    if (!group) throw new Error('no group');
    const saved = await org(app, owner, 'updateSettings', {
      business_hours: OFFICE,
      out_of_hours_reply: true,
      out_of_hours_message: 'Thanks! We are back {back}.',
      sla_policies: [
        {
          name: 'Standard',
          label_ids: [],
          first_response_minutes: 60,
          calendar: 'business',
          pause_while_pending: false,
        },
      ],
    });
    expect(saved.status).toBe(200);
    const customer = { group_id: group.group_id, author_phone: '4915112345678', author_name: 'Carla' };
    const settle = async () => {
      await internalsOf(app).slaEngine.settled();
      await app.whatsapp.gateway.settled(sessionId);
      await internalsOf(app).ticketProcessor.settled();
      await internalsOf(app).slaEngine.settled();
    };

    await say(app, owner, sessionId, { ...customer, body: 'Hello, anyone there?' });
    await settle();
    const [opened] = (await org<Ticket[]>(app, owner, 'getTickets')).body;
    // The reply's echo joins the ticket as the desk's message.
    await eventually(
      async () => {
        await settle();
        const conversation = await org<TicketDetailsResponse>(app, owner, 'getTicketsDetails', {
          ticket_id: opened?.id,
        });
        return conversation.body.conversations.length === 2 ? true : null;
      },
      5_000,
      'the out-of-hours reply to join the ticket',
    );
    ctx.clock.advance(60_000);
    await say(app, owner, sessionId, { ...customer, body: 'It is urgent' });
    await settle();

    const sent = await ctx.db
      .select()
      .from(deskReplies)
      .where(and(eq(deskReplies.sessionId, sessionId), eq(deskReplies.automatic, true)));
    expect(sent.map((r) => [r.body, r.userId, r.groupJid])).toEqual([
      ['Thanks! We are back Monday 30 November at 09:00 (UTC).', null, group.group_id],
    ]);
    const [ticket] = (await org<Ticket[]>(app, owner, 'getTickets')).body;
    if (!ticket) throw new Error('no ticket');
    const details = await org<TicketDetailsResponse>(app, owner, 'getTicketsDetails', {
      ticket_id: ticket.id,
    });
    expect(details.body.conversations.map((m) => [m.is_business, m.message])).toEqual([
      [false, 'Hello, anyone there?'],
      [true, 'Thanks! We are back Monday 30 November at 09:00 (UTC).'],
      [false, 'It is urgent'],
    ]);
    // Automatic: it answered nobody, so the first response still runs (due Monday 10:00).
    const clocks = await org<SlaClocksResponse>(app, owner, 'getSlaClocks', { ticket_ids: [ticket.id] });
    expect(clocks.body.clocks.map((c) => [c.kind, c.stopped_at, c.due_at])).toEqual([
      ['first_response', null, '2026-11-30T10:00:00.000Z'],
    ]);

    // Demo mode's clock: the owner's; a member may not move it, nor may anyone by nothing.
    const [account] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const member = await teammate(app, ctx.db, account?.organisationId ?? 0, 'mo@example.com');
    expect((await post(app, member, '/sim/clock', { advance_minutes: 5 })).status).toBe(403);
    expect((await post(app, owner, '/sim/clock', { advance_minutes: 0 })).status).toBe(400);
    // To Monday 09:50: within the 15-minute lead of 10:00, told once, and the clocks say what time it is.
    const moved = await post<SimClockResponse>(app, owner, '/sim/clock', { advance_minutes: 47 * 60 + 49 });
    expect(moved.body).toEqual({ now: '2026-11-30T09:50:00.000Z', offset_minutes: 47 * 60 + 49 });
    const soon = await ctx.db
      .select()
      .from(memberNotifications)
      .where(eq(memberNotifications.kind, 'sla_due_soon'));
    expect(soon.map((n) => n.title)).toEqual([`First response due soon on ticket #${ticket.id}`]);
    const now = await org<SlaClocksResponse>(app, owner, 'getSlaClocks', { ticket_ids: [ticket.id] });
    expect(now.body.now).toBe('2026-11-30T09:50:00.000Z');
    // The simulated phones live on the same clock: a message now is stamped Monday 09:50 and, inside
    // business hours, gets no out-of-hours reply (the ticket had its one anyway).
    await say(app, owner, sessionId, { ...customer, body: 'Good morning' });
    const latest = await org<TicketDetailsResponse>(app, owner, 'getTicketsDetails', {
      ticket_id: ticket.id,
    });
    expect(latest.body.conversations.at(-1)).toMatchObject({
      message: 'Good morning',
      created_at: '2026-11-30T09:50:00.000Z',
    });
    expect(
      (await post<SimClockResponse>(app, owner, '/sim/clock', { reset: true })).body.offset_minutes,
    ).toBe(0);
  });
});

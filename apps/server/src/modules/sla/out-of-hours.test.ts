import type { SimClockResponse, SlaClocksResponse, Ticket, TicketDetailsResponse } from '@wadesk/contract';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { officeHours } from '../../../test/helpers/business-hours';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org, say } from '../../../test/helpers/desk';
import { teammate } from '../../../test/helpers/team';
import { eventually, linkSession, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { deskReplies, memberNotifications, tickets, users } from '../../db/schema';

// The out-of-hours reply and demo mode's clock (decision 0028), through the simulated phone: the reply is
// sent by the desk once per ticket, recorded as automatic, and stops no clock; the simulated clock moves
// the clocks, their warnings and the phones' message times.

const DAY = 86_400_000;
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/**
 * Every day 09:00–17:00 UTC, except yesterday, today and tomorrow (holidays): the simulated phones keep
 * real time, so "now" is outside business hours whenever the test runs, and the team is back the day after
 * tomorrow at 09:00.
 */
function officeClosedAroundNow(now: number) {
  return officeHours({ everyDay: true, holidays: [date(now - DAY), date(now), date(now + DAY)] });
}

describeWithDatabase('out-of-hours reply and the simulated clock', (ctx) => {
  it('answers a customer writing on a holiday once per ticket, as automatic, and the clock runs on', async () => {
    const app = ctx.app;
    const start = ctx.clock().getTime();
    const back = Date.parse(`${date(start + 2 * DAY)}T09:00:00Z`);
    const backText = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(back);
    const owner = await signUpVerified(app);
    const { sessionId, groups } = await linkSession(app, owner);
    const group = groups[0];
    if (!group) throw new Error('no group');
    const saved = await org(app, owner, 'updateSettings', {
      business_hours: officeClosedAroundNow(start),
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
    const reply = `Thanks! We are back ${backText} (UTC).`;
    const customer = { group_id: group.group_id, author_phone: '4915112345678', author_name: 'Carla' };
    const settle = async () => {
      await internalsOf(app).slaEngine.settled();
      await app.whatsapp.gateway.settled(sessionId);
      await internalsOf(app).ticketProcessor.settled();
      await internalsOf(app).slaEngine.settled();
    };

    await say(app, owner, sessionId, { ...customer, body: 'Hello, anyone there?' });
    await settle();
    const [ticket] = (await org<Ticket[]>(app, owner, 'getTickets')).body;
    if (!ticket) throw new Error('no ticket');
    const conversation = async () =>
      (await org<TicketDetailsResponse>(app, owner, 'getTicketsDetails', { ticket_id: ticket.id })).body
        .conversations;
    // The reply's echo joins the ticket as the desk's message.
    await eventually(
      async () => {
        await settle();
        return (await conversation()).length === 2 ? true : null;
      },
      5_000,
      'the out-of-hours reply to join the ticket',
    );
    await say(app, owner, sessionId, { ...customer, body: 'It is urgent' });
    await settle();

    const sent = await ctx.db
      .select()
      .from(deskReplies)
      .where(and(eq(deskReplies.sessionId, sessionId), eq(deskReplies.automatic, true)));
    expect(sent.map((r) => [r.body, r.userId, r.groupJid])).toEqual([[reply, null, group.group_id]]);
    expect((await conversation()).map((m) => [m.is_business, m.message])).toEqual([
      [false, 'Hello, anyone there?'],
      [true, reply],
      [false, 'It is urgent'],
    ]);
    // Automatic: it answered nobody. The ticket still waits on the team, unanswered and open, and the first
    // response runs (due an hour into the day after tomorrow).
    const [after] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after).toMatchObject({ status: 'open', firstResponseAt: null, answeredBy: null });
    expect(after?.waitingSince).not.toBeNull();
    const clocks = await org<SlaClocksResponse>(app, owner, 'getSlaClocks', { ticket_ids: [ticket.id] });
    expect(clocks.body.clocks.map((c) => [c.kind, c.stopped_at, c.due_at])).toEqual([
      ['first_response', null, new Date(back + 3_600_000).toISOString()],
    ]);

    // Demo mode's clock: the owner's; a member may not move it, nor may anyone by nothing.
    const [account] = await ctx.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    const member = await teammate(app, ctx.db, account?.organisationId ?? 0, 'mo@example.com');
    expect((await post(app, member, '/sim/clock', { advance_minutes: 5 })).status).toBe(403);
    expect((await post(app, owner, '/sim/clock', { advance_minutes: 0 })).status).toBe(400);
    // To ten minutes before the due time: within the 15-minute lead, told once, and the clocks say what
    // time it is.
    const advance = Math.ceil((back + 50 * 60_000 - ctx.clock().getTime()) / 60_000);
    const moved = await post<SimClockResponse>(app, owner, '/sim/clock', { advance_minutes: advance });
    expect(moved.body).toEqual({
      now: new Date(ctx.clock().getTime() + advance * 60_000).toISOString(),
      offset_minutes: advance,
    });
    const soon = await ctx.db
      .select()
      .from(memberNotifications)
      .where(eq(memberNotifications.kind, 'sla_due_soon'));
    expect(soon.map((n) => n.title)).toEqual([`First response due soon on ticket #${ticket.id}`]);
    const now = await org<SlaClocksResponse>(app, owner, 'getSlaClocks', { ticket_ids: [ticket.id] });
    expect(now.body.now).toBe(moved.body.now);
    // The simulated phones live on the same clock: a message now is stamped in business hours and gets no
    // second out-of-hours reply.
    await say(app, owner, sessionId, { ...customer, body: 'Good morning' });
    await settle();
    const latest = (await conversation()).at(-1);
    expect(latest?.message).toBe('Good morning');
    expect(Date.parse(latest?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(moved.body.now) - 1000);
    expect(sent).toHaveLength(1);
    expect(await ctx.db.$count(deskReplies, eq(deskReplies.automatic, true))).toBe(1);
    expect(
      (await post<SimClockResponse>(app, owner, '/sim/clock', { reset: true })).body.offset_minutes,
    ).toBe(0);
  });
});

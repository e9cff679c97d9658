import type { Ticket, TicketChangeResponse, TicketDetailsResponse } from '@wadesk/contract';
import { workflowMessages } from '@wadesk/contract';
import { asc } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { tickets } from '../../db/schema';

// Split never closes a part whose last customer message is unanswered (docs/decisions/0020, split).

const T0 = 1_700_000_000;
const GROUP = '1@g.us';
const CARLA = { from: '4915100000001', name: 'Carla' };
const DORA = { from: '4915100000002', name: 'Dora' };

describeEachDatabase('splitting a ticket with an unanswered part', (ctx) => {
  /** Carla asks, nobody answers, Dora asks in the same group's one ticket. */
  async function sharedTicket(mode: 'watch' | 'per_customer') {
    const fixture = await deskFixture(ctx);
    // Stored as a watch group, so both customers share one ticket; then, perhaps, switched.
    await fixture.groupMode(GROUP, 'watch');
    await fixture.say({ groupId: GROUP, ...CARLA, body: 'where is my refund?', timestamp: T0 });
    await fixture.say({ groupId: GROUP, ...DORA, body: 'my invoice is wrong', timestamp: T0 + 60 });
    await fixture.groupMode(GROUP, mode);
    const [ticket] = (await org<Ticket[]>(ctx.app, fixture.user, 'getTickets')).body;
    if (!ticket) throw new Error('no ticket');
    const { conversations } = (
      await org<TicketDetailsResponse>(ctx.app, fixture.user, 'getTicketsDetails', { ticket_id: ticket.id })
    ).body;
    const dora = conversations[1];
    if (!dora) throw new Error('no message');
    const split = () =>
      org<TicketChangeResponse & { message: string }>(ctx.app, fixture.user, 'splitTicket', {
        ticket_id: ticket.id,
        from_message_id: dora.id,
      });
    const rows = () => ctx.db.select().from(tickets).orderBy(asc(tickets.id));
    return { ...fixture, ticket, split, rows };
  }

  it('one ticket per group: refused with 409 while the earlier part is unanswered, then allowed', async () => {
    const { split, rows, ticket, user } = await sharedTicket('watch');
    const before = await rows();
    expect(await split()).toMatchObject({ status: 409, body: { message: workflowMessages.answerFirst } });
    expect(await rows()).toEqual(before);

    // Closing the earlier part first lets it split (the earlier part was closed already: nothing to close).
    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: ticket.id, status: 'close' });
    expect((await split()).status).toBe(200);
    // An answered earlier part is closed as before (ticket-merge.test.ts).
  });

  it('per customer: the part split off is keyed to its first customer and both stay active', async () => {
    const { split, rows, ticket } = await sharedTicket('per_customer');
    const res = await split();
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({
      status: 'open',
      customer: 'Dora',
      customer_number: `+${DORA.from}`,
      last_message: 'my invoice is wrong',
    });
    const [earlier, later] = await rows();
    expect(earlier).toMatchObject({
      id: ticket.id,
      status: 'open',
      closedAt: null,
      customerKey: null,
      lastMessage: 'where is my refund?',
    });
    expect(later).toMatchObject({ status: 'open', customerKey: `+${DORA.from}` });
  });

  it('per customer: refused when the later part is the same customer as the earlier one', async () => {
    const { say, user, groupMode } = await deskFixture(ctx);
    await groupMode(GROUP, 'per_customer');
    await say({ groupId: GROUP, ...CARLA, body: 'where is my refund?', timestamp: T0 });
    await say({ groupId: GROUP, ...CARLA, body: 'and my invoice', timestamp: T0 + 60 });
    const [ticket] = (await org<Ticket[]>(ctx.app, user, 'getTickets')).body;
    const { conversations } = (
      await org<TicketDetailsResponse>(ctx.app, user, 'getTicketsDetails', { ticket_id: ticket?.id })
    ).body;
    const res = await org(ctx.app, user, 'splitTicket', {
      ticket_id: ticket?.id,
      from_message_id: conversations[1]?.id,
    });
    expect(res).toMatchObject({ status: 409, body: { message: workflowMessages.answerFirst } });
    expect((await ctx.db.select().from(tickets)).map((t) => t.status)).toEqual(['open']);
  });
});

import type {
  Label,
  SaveLabelResponse,
  Ticket,
  TicketChangeResponse,
  TicketDetailsResponse,
  TicketStatsResponse,
} from '@wadesk/contract';
import { ticketMessages as ticketTexts, workflowMessages } from '@wadesk/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { auditLog, ticketMessages, tickets } from '../../db/schema';

const T0 = 1_700_000_000;
const GROUP = '1@g.us';

describeEachDatabase('merging and splitting tickets', (ctx) => {
  /** Two tickets of one group: the first answered and closed, the second open. */
  const twoTickets = async () => {
    const fixture = await deskFixture(ctx);
    const { user, say } = fixture;
    await fixture.groupMode(GROUP, 'watch');
    // No reopen window: the second question opens a ticket of its own (decision 0020).
    await org(ctx.app, user, 'updateSettings', { reopen_days: 0 });
    await say({ groupId: GROUP, body: 'first question', timestamp: T0 });
    await say({ groupId: GROUP, fromMe: true, body: 'first answer', timestamp: T0 + 60 });
    const [first] = (await org<Ticket[]>(ctx.app, user, 'getTickets')).body;
    if (!first) throw new Error('no ticket');
    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: first.id, status: 'close' });
    await say({
      groupId: GROUP,
      body: 'second question',
      from: '4915100000002',
      name: 'Dora',
      timestamp: T0 + 600,
    });
    const [second] = (await org<Ticket[]>(ctx.app, user, 'getTickets')).body;
    if (!second || second.id === first.id) throw new Error('no second ticket');
    return { ...fixture, first, second };
  };
  const stats = async (user: Parameters<typeof org>[1]) =>
    (await org<TicketStatsResponse>(ctx.app, user, 'getTicketStats')).body;

  it('merges a ticket into another of its group: messages, notes and labels move, the first is deleted', async () => {
    const { user, first, second } = await twoTickets();
    await org(ctx.app, user, 'addTicketNote', { ticket_id: second.id, body: 'duplicate of the earlier one' });
    const label = (
      await org<SaveLabelResponse>(ctx.app, user, 'saveLabel', { name: 'Dup', colour: '#aaaaaa' })
    ).body.label;
    await org(ctx.app, user, 'setTicketLabels', { ticket_id: second.id, label_ids: [label.id] });

    const merged = await org<TicketChangeResponse>(ctx.app, user, 'mergeTickets', {
      ticket_id: second.id,
      into_ticket_id: first.id,
    });
    expect(merged.status).toBe(200);
    // The open part makes the merged ticket active again; times come from both.
    expect(merged.body.ticket).toMatchObject({
      id: first.id,
      status: 'open',
      closed_at: null,
      customer: first.customer,
      last_message: 'second question',
      created_at: new Date(T0 * 1000).toISOString(),
      first_response_at: new Date((T0 + 60) * 1000).toISOString(),
      labels: [{ id: label.id, name: 'Dup', colour: '#aaaaaa' } satisfies Label],
    });
    const details = await org<TicketDetailsResponse>(ctx.app, user, 'getTicketsDetails', {
      ticket_id: first.id,
    });
    expect(details.body.conversations.map((m) => m.message)).toEqual([
      'first question',
      'first answer',
      'second question',
    ]);
    expect(details.body.notes.map((n) => n.body)).toEqual(['duplicate of the earlier one']);
    expect(await ctx.db.select().from(tickets).where(eq(tickets.id, second.id))).toEqual([]);
    expect(await stats(user)).toMatchObject({ open: 1, in_progress: 0, closed: 0, total: 1 });
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.merged'));
    expect(entries).toHaveLength(1);
  });

  it('refuses merging into itself, across groups and across organisations, and changes nothing', async () => {
    const { user, say, first, second } = await twoTickets();
    await say({ groupId: '2@g.us', body: 'other group' });
    const [other] = (await org<Ticket[]>(ctx.app, user, 'getTickets')).body;
    if (!other) throw new Error('no ticket');
    const before = await ctx.db.select().from(tickets);
    const merge = (ticket_id: number, into_ticket_id: number, who = user) =>
      org<{ message: string }>(ctx.app, who, 'mergeTickets', { ticket_id, into_ticket_id });
    expect(await merge(first.id, first.id)).toMatchObject({
      status: 400,
      body: { message: workflowMessages.sameTicket },
    });
    expect(await merge(other.id, second.id)).toMatchObject({
      status: 400,
      body: { message: workflowMessages.otherConversation },
    });
    const stranger = await signUp(ctx.app, { email: 'zed@example.com' });
    expect((await merge(first.id, second.id, stranger)).status).toBe(404);
    expect((await merge(first.id, 2 ** 31 - 1)).status).toBe(404);
    expect(await ctx.db.select().from(tickets)).toEqual(before);
  });

  it('merges only tickets of the same customer in per-customer mode', async () => {
    const { user, first, second } = await twoTickets();
    await ctx.db.update(tickets).set({ customerKey: '+4915112345678' }).where(eq(tickets.id, first.id));
    await ctx.db.update(tickets).set({ customerKey: '+4915100000002' }).where(eq(tickets.id, second.id));
    const res = await org(ctx.app, user, 'mergeTickets', { ticket_id: second.id, into_ticket_id: first.id });
    expect(res.status).toBe(400);
    await ctx.db.update(tickets).set({ customerKey: '+4915112345678' }).where(eq(tickets.id, second.id));
    const ok = await org(ctx.app, user, 'mergeTickets', { ticket_id: second.id, into_ticket_id: first.id });
    expect(ok.status).toBe(200);
  });

  it('splits a ticket from a message: the later part is a new ticket, the earlier part is closed', async () => {
    const { user, say, organisationId, groupMode } = await deskFixture(ctx);
    await groupMode(GROUP, 'watch');
    await say({ groupId: GROUP, body: 'printer broken', timestamp: T0 });
    await say({ groupId: GROUP, fromMe: true, body: 'restart it', timestamp: T0 + 60 });
    await say({
      groupId: GROUP,
      body: 'also, my invoice',
      from: '4915100000002',
      name: 'Dora',
      timestamp: T0 + 120,
    });
    await say({
      groupId: GROUP,
      body: 'it is wrong',
      from: '4915100000002',
      name: 'Dora',
      timestamp: T0 + 180,
    });
    const [ticket] = (await org<Ticket[]>(ctx.app, user, 'getTickets')).body;
    if (!ticket) throw new Error('no ticket');
    const label = (
      await org<SaveLabelResponse>(ctx.app, user, 'saveLabel', { name: 'VIP', colour: '#ff0000' })
    ).body.label;
    await org(ctx.app, user, 'setTicketLabels', { ticket_id: ticket.id, label_ids: [label.id] });
    const { conversations } = (
      await org<TicketDetailsResponse>(ctx.app, user, 'getTicketsDetails', { ticket_id: ticket.id })
    ).body;
    const [firstMessage, , invoice] = conversations;
    if (!firstMessage || !invoice) throw new Error('no messages');

    const first = await org<{ message: string }>(ctx.app, user, 'splitTicket', {
      ticket_id: ticket.id,
      from_message_id: firstMessage.id,
    });
    expect(first).toMatchObject({ status: 400, body: { message: workflowMessages.splitFirst } });

    const split = await org<TicketChangeResponse>(ctx.app, user, 'splitTicket', {
      ticket_id: ticket.id,
      from_message_id: invoice.id,
    });
    expect(split.status).toBe(200);
    expect(split.body.ticket).toMatchObject({
      status: 'open',
      customer: 'Dora',
      customer_number: '+4915100000002',
      last_message: 'it is wrong',
      created_at: new Date((T0 + 120) * 1000).toISOString(),
      first_response_at: null,
      labels: [{ id: label.id }],
    });
    const created = split.body.ticket.id;
    const later = await ctx.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, created));
    expect(later.map((m) => m.message)).toEqual(['also, my invoice', 'it is wrong']);
    const [earlier] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(earlier).toMatchObject({ status: 'close', lastMessage: 'restart it' });
    expect(await ctx.count(ticketMessages)).toBe(4);
    expect((await org<TicketStatsResponse>(ctx.app, user, 'getTicketStats')).body).toMatchObject({
      open: 1,
      closed: 1,
      total: 2,
    });

    // A new message joins the new ticket, the one active ticket of the group.
    await say({ groupId: GROUP, body: 'hello?', from: '4915100000002', name: 'Dora', timestamp: T0 + 240 });
    const rows = await ctx.db.select().from(tickets).where(eq(tickets.organisationId, organisationId));
    expect(rows.find((t) => t.id === created)?.lastMessage).toBe('hello?');

    // Reopening is refused while the split-off ticket is active; splitting the closed one again too.
    const again = (
      await org<TicketDetailsResponse>(ctx.app, user, 'getTicketsDetails', { ticket_id: ticket.id })
    ).body.conversations[1];
    const conflict = await org<{ message: string }>(ctx.app, user, 'splitTicket', {
      ticket_id: ticket.id,
      from_message_id: again?.id,
    });
    expect(conflict).toMatchObject({ status: 409, body: { message: ticketTexts.alreadyActive } });
    expect(
      await ctx.db.select().from(tickets).where(eq(tickets.organisationId, organisationId)),
    ).toHaveLength(2);
    expect((await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'ticket.split'))).length).toBe(1);
  });

  it('refuses a message of another ticket and another organisation', async () => {
    const { user, first, second } = await twoTickets();
    const { conversations } = (
      await org<TicketDetailsResponse>(ctx.app, user, 'getTicketsDetails', { ticket_id: first.id })
    ).body;
    const answer = conversations[1];
    const before = await ctx.db.select().from(tickets);
    const res = await org(ctx.app, user, 'splitTicket', {
      ticket_id: second.id,
      from_message_id: answer?.id,
    });
    expect(res).toMatchObject({ status: 404, body: { message: workflowMessages.messageNotFound } });
    const stranger = await signUp(ctx.app, { email: 'zed@example.com' });
    const theirs = await org(ctx.app, stranger, 'splitTicket', {
      ticket_id: first.id,
      from_message_id: answer?.id,
    });
    expect(theirs.status).toBe(404);
    expect(await ctx.db.select().from(tickets)).toEqual(before);
  });
});

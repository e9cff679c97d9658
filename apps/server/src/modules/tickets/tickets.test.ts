import type {
  ConversationMessage,
  CountsResponse,
  GroupsResponse,
  ServerEvent,
  Ticket,
  TicketDetailsResponse,
  TicketStatsResponse,
} from '@wadesk/contract';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { org, say } from '../../../test/helpers/desk';
import { openEventStream } from '../../../test/helpers/event-stream';
import { eventually, FAST_WHATSAPP, linkSession, post } from '../../../test/helpers/whatsapp';
import { internalsOf } from '../../app-internals';
import { ticketMessages, tickets, waMessages } from '../../db/schema';

describeWithDatabase('tickets from group conversations', (ctx) => {
  const desk = async () => {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    const owner = await signUpVerified(app);
    const { sessionId, groups } = await linkSession(app, owner);
    const group = groups[0];
    if (!group) throw new Error('no group');
    return { app, owner, sessionId, group };
  };

  it('opens a ticket from a customer message and lists it with its conversation', async () => {
    const { app, owner, sessionId, group } = await desk();
    await say(app, owner, sessionId, {
      group_id: group.group_id,
      body: 'My order has not arrived',
      author_phone: '4915112345678',
      author_name: 'Carla',
    });

    const list = await org<Ticket[]>(app, owner, 'getTickets');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const [ticket] = list.body;
    expect(ticket).toMatchObject({
      group_name: group.name,
      customer: 'Carla',
      customer_number: '+4915112345678',
      last_message: 'My order has not arrived',
      status: 'open',
      first_response_at: null,
      closed_at: null,
      session_id: sessionId,
      group_id: group.group_id,
    });

    const details = await org<TicketDetailsResponse>(app, owner, 'getTicketsDetails', {
      ticket_id: ticket?.id,
    });
    expect(details.status).toBe(200);
    expect(details.body.ticket.id).toBe(ticket?.id);
    expect(details.body.conversations).toEqual([
      expect.objectContaining<Partial<ConversationMessage>>({
        sender: '+4915112345678',
        sender_name: 'Carla',
        is_business: false,
        message: 'My order has not arrived',
      }),
    ]);
  });

  it('answers from the linked phone and from an agent as business messages; the first moves it to in progress', async () => {
    const { app, owner, sessionId, group } = await desk();
    const customer = { group_id: group.group_id, author_phone: '4915112345678', author_name: 'Carla' };
    await say(app, owner, sessionId, { ...customer, body: 'Hello?' });
    await say(app, owner, sessionId, { group_id: group.group_id, body: 'Looking into it', from_me: true });
    const added = await org(app, owner, 'addAgent', { agent_name: 'Dev', agent_number: '+49 151 99999999' });
    expect(added.status).toBe(201);
    await say(app, owner, sessionId, {
      group_id: group.group_id,
      body: 'Fixed!',
      author_phone: '4915199999999',
    });

    const [ticket] = (await org<Ticket[]>(app, owner, 'getTickets')).body;
    expect(ticket?.status).toBe('in_progress');
    expect(ticket?.first_response_at).not.toBeNull();
    expect(ticket?.last_message).toBe('Fixed!');
    const { conversations } = (
      await org<TicketDetailsResponse>(app, owner, 'getTicketsDetails', { ticket_id: ticket?.id })
    ).body;
    expect(conversations.map((m) => [m.message, m.is_business])).toEqual([
      ['Hello?', false],
      ['Looking into it', true],
      ['Fixed!', true],
    ]);
    expect(conversations[2]?.sender_name).toBe('Dev');
    expect(conversations[2]?.sender).toBe('+4915199999999');
    // The linked account is an owner agent named after the session once it connected.
    expect(conversations[1]?.sender_name).toBe('Support');
  });

  it('ignores business messages when the group has no active ticket', async () => {
    const { app, owner, sessionId, group } = await desk();
    await say(app, owner, sessionId, { group_id: group.group_id, body: 'Announcement', from_me: true });
    expect(await ctx.count(tickets)).toBe(0);
  });

  it('opens a follow-up for a customer message after the reopen window, and keeps resolution times', async () => {
    const { app, owner, sessionId, group } = await desk();
    // A window of 0 days: every message after a close is after it (decision 0020).
    await org(app, owner, 'updateSettings', { reopen_days: 0 });
    const customer = { group_id: group.group_id, author_phone: '4915112345678' };
    await say(app, owner, sessionId, { ...customer, body: 'first problem' });
    const [first] = (await org<Ticket[]>(app, owner, 'getTickets')).body;
    ctx.clock.advance(90_000);
    const closed = await org<{ ticket: Ticket }>(app, owner, 'updateTicketStatus', {
      ticket_id: first?.id,
      status: 'close',
    });
    expect(closed.status).toBe(200);
    expect(closed.body.ticket.status).toBe('close');
    expect(closed.body.ticket.closed_at).not.toBeNull();

    await say(app, owner, sessionId, { ...customer, body: 'second problem' });
    const list = (await org<Ticket[]>(app, owner, 'getTickets')).body;
    expect(list.map((t) => [t.last_message, t.status, t.follow_up_of])).toEqual([
      ['second problem', 'open', first?.id],
      ['first problem', 'close', null],
    ]);
    const stats = (await org<TicketStatsResponse>(app, owner, 'getTicketStats')).body;
    expect(stats).toMatchObject({ open: 1, in_progress: 0, closed: 1, total: 2 });
    expect(stats.avg_resolution_seconds).toBeGreaterThan(80);
  });

  it('never opens tickets from history sync', async () => {
    const { app, sessionId } = await desk();
    // The simulated phone sends every group's history after linking: customer messages, all of them.
    const stored = await eventually(async () => {
      await app.whatsapp.gateway.settled(sessionId);
      return (await ctx.count(waMessages)) > 0;
    });
    expect(stored).toBe(true);
    await internalsOf(app).ticketProcessor.settled();
    expect(await ctx.count(tickets)).toBe(0);
    expect(await ctx.count(ticketMessages)).toBe(0);
  });

  it('counts sessions, groups and agents as the linked pages list them', async () => {
    const { app, owner } = await desk();
    await internalsOf(app).ownerAgentsSettled();
    await org(app, owner, 'addAgent', { agent_name: 'Dev', agent_number: '+4915199999999' });
    const groups = (await post<GroupsResponse>(app, owner, '/api/getGroups/')).body;
    const counts = await org<CountsResponse>(app, owner, 'getCounts');
    expect(counts).toMatchObject({
      status: 200,
      body: { sessions: 1, groups: groups.groups_count, agents: 2 },
    });
    expect(groups.groups_count).toBeGreaterThan(0);
  });

  it("pushes ticket and agent changes to the organisation's own event stream", async () => {
    const app = await ctx.buildApp({}, { whatsapp: FAST_WHATSAPP });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const owner = await signUpVerified(app);
    const intruder = await signUpVerified(app, { email: 'intruder@example.com' });
    const mine = await openEventStream(app, owner.access_token);
    const theirs = await openEventStream(app, intruder.access_token);
    try {
      await eventually(() => mine.events.length > 0 && theirs.events.length > 0);
      const { sessionId, groups } = await linkSession(app, owner);
      const group_id = groups[0]?.group_id ?? '';
      await say(app, owner, sessionId, { group_id, body: 'help', author_phone: '4915112345678' });
      await say(app, owner, sessionId, { group_id, body: 'on it', from_me: true });
      const [ticket] = (await org<Ticket[]>(app, owner, 'getTickets')).body;
      await org(app, owner, 'updateTicketStatus', { ticket_id: ticket?.id, status: 'close' });
      await org(app, owner, 'addAgent', { agent_name: 'Dev', agent_number: '+4915199999999' });

      const desk = (events: ServerEvent[]) =>
        events.filter((e) => e.type.startsWith('ticket.') || e.type === 'agents.updated');
      const seen = await eventually(() => {
        const events = desk(mine.events);
        return events.length >= 5 ? events : null;
      }).catch((error) => {
        throw new Error(
          `${error}: ${JSON.stringify(mine.events.filter((e) => e.type !== 'history' && e.type !== 'messages.new'))}`,
        );
      });
      expect(seen.map((e) => ('change' in e ? `${e.type}:${e.change}` : e.type))).toEqual([
        'agents.updated', // the owner agent of the connected session
        'ticket.created',
        'ticket.updated:message',
        'ticket.updated:status',
        'agents.updated',
      ]);
      expect(seen[1]).toMatchObject({ ticket: { status: 'open', last_message: 'help' } });
      expect(seen[2]).toMatchObject({ ticket: { status: 'in_progress', last_message: 'on it' } });
      expect(seen[3]).toMatchObject({ ticket: { status: 'close' } });
      expect(seen[4]).toMatchObject({ agents_count: 2 });
      expect(desk(theirs.events)).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

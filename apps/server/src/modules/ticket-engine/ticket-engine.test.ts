import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../../test/helpers/describe-each-database';
import { type LiveInput, liveMessage } from '../../../test/helpers/live-message';
import { organisations, ticketMessages, tickets, waSessions } from '../../db/schema';
import { createAgentsRepository } from '../agents/agents.repository';
import { createAgentsService } from '../agents/agents.service';
import { createTicketLedgerRepository } from '../tickets/ticket-ledger.repository';
import { createTicketsRepository } from '../tickets/tickets.repository';
import { createTicketsService } from '../tickets/tickets.service';
import { createTicketEngine } from './ticket-engine';
import type { TicketLedger } from './ticket-ledger';

/** An organisation with one session, the engine on the test database, and an agents service. */
async function fixture(ctx: TestContext) {
  const [organisation] = await ctx.db.insert(organisations).values({ name: 'Acme' }).returning();
  if (!organisation) throw new Error('no organisation');
  const [session] = await ctx.db
    .insert(waSessions)
    .values({ organisationId: organisation.id, name: 'Support', description: 'main', phone: '4930000000000' })
    .returning();
  if (!session) throw new Error('no session');
  const agents = createAgentsService({ repo: createAgentsRepository(ctx.db) });
  // Counts inserts that found the group's active ticket already there: proof that engines really raced.
  let lostRaces = 0;
  const counting = (): TicketLedger => {
    const repo = createTicketLedgerRepository(ctx.db);
    return {
      ...repo,
      transaction: (work) =>
        repo.transaction((tx) =>
          work({
            join: tx.join,
            reopen: tx.reopen,
            open: async (ticket) => {
              const row = await tx.open(ticket);
              if (!row) lostRaces++;
              return row;
            },
          }),
        ),
    };
  };
  // Each call builds a separate engine, as a second server would have (they share only the database).
  const engine = () =>
    createTicketEngine({
      ledger: counting(),
      agentByNumber: agents.byNumber,
    });
  const first = engine();
  const send = (input: Partial<LiveInput> = {}) =>
    first.process(liveMessage({ organisationId: organisation.id, sessionId: session.id, ...input }));
  const service = createTicketsService({ repo: createTicketsRepository(ctx.db), clock: ctx.clock });
  const active = () =>
    ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.organisationId, organisation.id), eq(tickets.status, 'open')));
  return {
    organisationId: organisation.id,
    sessionId: session.id,
    agents,
    engine,
    send,
    service,
    active,
    lostRaces: () => lostRaces,
  };
}

describeEachDatabase('ticket engine', (ctx) => {
  it('opens, joins, answers (in progress, first response) and reopens within the window after close', async () => {
    const { organisationId, agents, send, service } = await fixture(ctx);
    await agents.add(organisationId, { agent_name: 'Dev', agent_number: '+4917000000001' });
    const t0 = Math.floor(Date.now() / 1000);

    expect(await send({ body: 'help', timestamp: t0 })).toMatchObject({
      kind: 'created',
      ticket: { status: 'open' },
    });
    expect((await send({ body: 'still there?', timestamp: t0 + 10 })).kind).toBe('updated');
    const answered = await send({ body: 'yes', from: '4917000000001', timestamp: t0 + 30 });
    expect(answered).toMatchObject({
      kind: 'updated',
      ticket: { status: 'in_progress', lastMessage: 'yes' },
    });
    if (answered.kind !== 'updated') throw new Error('not updated');
    expect(answered.ticket.firstResponseAt?.getTime()).toBe((t0 + 30) * 1000);

    const stats = await service.stats(organisationId);
    expect(stats).toMatchObject({
      open: 0,
      in_progress: 1,
      closed: 0,
      total: 1,
      avg_first_response_seconds: 30,
    });

    await service.updateStatus({ id: 0, organisationId }, answered.ticket.id, 'close');
    // Within the reopen window (decision 0020): the same ticket, in progress again.
    expect(await send({ body: 'new question', timestamp: t0 + 100 })).toMatchObject({
      kind: 'reopened',
      ticket: { id: answered.ticket.id, status: 'in_progress', closedAt: null },
    });
    expect(await ctx.count(tickets)).toBe(1);
    expect(await service.stats(organisationId)).toMatchObject({
      open: 0,
      in_progress: 1,
      pending: 0,
      closed: 0,
      total: 1,
    });
  });

  it('matches agents by number whatever formatting they were added with', async () => {
    const { organisationId, agents, send } = await fixture(ctx);
    await agents.add(organisationId, { agent_name: 'Priya', agent_number: '+919876543210' });
    await send({ body: 'help' });
    const reply = await send({ body: 'hi', from: '919876543210', name: 'pri' });
    expect(reply).toMatchObject({ kind: 'updated', ticket: { status: 'in_progress' } });
    const conversation = await ctx.db.select().from(ticketMessages);
    expect(conversation.map((m) => [m.senderName, m.isBusiness])).toEqual([
      ['Carla', false],
      ['Priya', true],
    ]);
  });

  it('treats the linked account as business and ignores business messages with no active ticket', async () => {
    const { send } = await fixture(ctx);
    expect((await send({ fromMe: true, body: 'announcement' })).kind).toBe('ignored');
    expect(await ctx.count(tickets)).toBe(0);
    await send({ body: 'question' });
    expect(await send({ fromMe: true, body: 'answer' })).toMatchObject({ ticket: { status: 'in_progress' } });
    const [answer] = await ctx.db.select().from(ticketMessages).where(eq(ticketMessages.isBusiness, true));
    expect(answer).toMatchObject({ sender: '+4930000000000', senderName: 'You' });
  });

  it('ignores a message seen twice, also after the ticket it opened was closed', async () => {
    const { organisationId, send, service } = await fixture(ctx);
    const first = await send({ id: 'DUP1', body: 'help' });
    expect((await send({ id: 'DUP1', body: 'help' })).kind).toBe('duplicate');
    if (first.kind !== 'created') throw new Error('not created');
    await service.updateStatus({ id: 0, organisationId }, first.ticket.id, 'close');
    expect((await send({ id: 'DUP1', body: 'help' })).kind).toBe('duplicate');
    expect(await ctx.count(tickets)).toBe(1);
    expect(await ctx.count(ticketMessages)).toBe(1);
  });

  it('keeps exactly one active ticket when two engines race on a group', async () => {
    const { organisationId, sessionId, engine, active, lostRaces } = await fixture(ctx);
    const [a, b] = [engine(), engine()];
    for (let round = 0; round < 5; round++) {
      const groupId = `12036300000000${round}@g.us`;
      const message = (i: number) =>
        liveMessage({ organisationId, sessionId, groupId, from: `49151000000${i}`, body: `m${i}` });
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).process(message(10 + i))),
      );
      expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1);
      expect(outcomes.filter((o) => o.kind === 'updated')).toHaveLength(7);
    }
    const open = await active();
    expect(open).toHaveLength(5);
    expect(await ctx.count(ticketMessages)).toBe(40);
    // PGlite runs one transaction at a time, so only PostgreSQL really interleaves them.
    if (ctx.kind === 'postgres') expect(lostRaces()).toBeGreaterThan(0);
  });

  it('stores a message once when two engines receive it at the same moment', async () => {
    const { organisationId, sessionId, engine } = await fixture(ctx);
    const [a, b] = [engine(), engine()];
    for (let round = 0; round < 5; round++) {
      const same = liveMessage({ organisationId, sessionId, groupId: `g${round}@g.us`, id: `SAME${round}` });
      const outcomes = await Promise.all([a.process(same), b.process(same)]);
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['created', 'duplicate']);
    }
    expect(await ctx.count(tickets)).toBe(5);
    expect(await ctx.count(ticketMessages)).toBe(5);
  });

  it('applies a batch of messages from several groups, each with its own outcome', async () => {
    const { organisationId, sessionId, agents, engine, send } = await fixture(ctx);
    await agents.add(organisationId, { agent_name: 'Dev', agent_number: '+4917000000001' });
    const t0 = Math.floor(Date.now() / 1000);
    await send({ groupId: 'active@g.us', body: 'open', timestamp: t0 });
    await send({ groupId: 'seen@g.us', id: 'SEEN', timestamp: t0 });
    const message = (input: Partial<LiveInput>) => liveMessage({ organisationId, sessionId, ...input });

    const outcomes = await engine().processBatch([
      message({ groupId: 'active@g.us', from: '4917000000001', body: 'answer', timestamp: t0 + 5 }),
      message({ groupId: 'new@g.us', body: 'first question', timestamp: t0 + 6 }),
      message({ groupId: 'seen@g.us', id: 'SEEN', timestamp: t0 + 7 }),
      message({ groupId: 'quiet@g.us', from: '4917000000001', body: 'broadcast' }),
      message({ groupId: 'notice@g.us', type: 'gp2' }),
    ]);

    expect(outcomes.map((o) => o.kind)).toEqual(['updated', 'created', 'duplicate', 'ignored', 'ignored']);
    expect(outcomes[0]).toMatchObject({
      ticket: { groupJid: 'active@g.us', status: 'in_progress', lastMessage: 'answer' },
    });
    expect(outcomes[1]).toMatchObject({ ticket: { groupJid: 'new@g.us', lastMessage: 'first question' } });
    const rows = await ctx.db.select().from(tickets);
    expect(rows.map((t) => [t.groupJid, t.status]).sort()).toEqual([
      ['active@g.us', 'in_progress'],
      ['new@g.us', 'open'],
      ['seen@g.us', 'open'],
    ]);
    expect(await ctx.count(ticketMessages)).toBe(4);
  });

  it('refuses a batch holding two messages of one group', async () => {
    const { organisationId, sessionId, engine } = await fixture(ctx);
    const twice = [1, 2].map(() => liveMessage({ organisationId, sessionId, groupId: 'same@g.us' }));
    await expect(engine().processBatch(twice)).rejects.toThrow(/two messages of one group/);
    expect(await ctx.count(ticketMessages)).toBe(0);
  });

  it('lets two engines apply overlapping batches in opposite orders without a deadlock', async () => {
    const { organisationId, sessionId, engine, send } = await fixture(ctx);
    const groups = Array.from({ length: 150 }, (_, g) => `1203631111111${String(g).padStart(3, '0')}@g.us`);
    for (const groupId of groups) await send({ groupId });
    const [a, b] = [engine(), engine()];
    for (let round = 0; round < 5; round++) {
      const batch = (tag: string) =>
        groups.map((groupId) => liveMessage({ organisationId, sessionId, groupId, body: `${tag}${round}` }));
      const outcomes = await Promise.all([a.processBatch(batch('a')), b.processBatch(batch('b').reverse())]);
      expect(outcomes.flat().every((o) => o.kind === 'updated')).toBe(true);
    }
    expect(await ctx.count(ticketMessages)).toBe(groups.length * 11); // the opening message and 2 × 5
  });
});

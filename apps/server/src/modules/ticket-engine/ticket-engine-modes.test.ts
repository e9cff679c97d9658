import { and, asc, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { engineFixture as fixture } from '../../../test/helpers/engine-fixture';
import { organisations, ticketMessages, tickets, users } from '../../db/schema';
import { createAgentsRepository } from '../agents/agents.repository';

// The per-group rules and assignment (docs/decisions/0017-group-modes.md, docs/architecture.md).

const CARLA = '4915100000001';
const DIEGO = '4915100000002';
const AGENT = '4917000000001';

describeEachDatabase('group ticket modes', (ctx) => {
  it('per customer: one active ticket per customer, keyed by number, else by their JID', async () => {
    const { perCustomer, all, messagesOf } = await fixture(ctx);
    expect((await perCustomer({ from: CARLA, name: 'Carla', body: 'my order?' })).kind).toBe('created');
    expect((await perCustomer({ from: DIEGO, name: 'Diego', body: 'my invoice?' })).kind).toBe('created');
    expect((await perCustomer({ from: CARLA, name: 'Carla', body: 'order 17' })).kind).toBe('updated');
    // A hidden number: the LID is the customer.
    const hidden = { from: null, lid: '99887766554433@lid', name: 'Eve' };
    expect((await perCustomer({ ...hidden, body: 'hi' })).kind).toBe('created');
    expect((await perCustomer({ ...hidden, body: 'anyone?' })).kind).toBe('updated');

    const rows = await all();
    expect(rows.map((t) => [t.customerKey, t.customer, t.status])).toEqual([
      [`+${CARLA}`, 'Carla', 'open'],
      [`+${DIEGO}`, 'Diego', 'open'],
      ['99887766554433@lid', 'Eve', 'open'],
    ]);
    expect(await messagesOf(rows[0]?.id ?? 0)).toEqual(['my order?', 'order 17']);
    expect(await messagesOf(rows[2]?.id ?? 0)).toEqual(['hi', 'anyone?']);
  });

  it('the database refuses a second active ticket per (group, customer), and per watch group', async () => {
    const { organisationId, sessionId, perCustomer, send } = await fixture(ctx);
    await perCustomer({ from: CARLA, body: 'q' });
    await send({ groupId: 'watch@g.us', body: 'q' });
    const base = { organisationId, sessionId, groupName: 'G', customer: 'X', lastMessage: 'x' };
    await expect(
      ctx.db
        .insert(tickets)
        .values({ ...base, groupJid: '120363000000000001@g.us', customerKey: `+${CARLA}` }),
    ).rejects.toThrow();
    await expect(ctx.db.insert(tickets).values({ ...base, groupJid: 'watch@g.us' })).rejects.toThrow();
    // Another customer of the group, and a closed duplicate, are fine.
    await ctx.db.insert(tickets).values({ ...base, groupJid: '120363000000000001@g.us', customerKey: '+1' });
    await ctx.db
      .insert(tickets)
      .values({ ...base, groupJid: 'watch@g.us', status: 'close', closedAt: new Date() });
  });

  it('per customer: a business reply joins the quoted customer, else the ticket whose customer wrote last', async () => {
    const { agents, organisationId, perCustomer, all, messagesOf } = await fixture(ctx);
    await agents.add(organisationId, { agent_name: 'Dev', agent_number: `+${AGENT}` });
    const t0 = Math.floor(Date.now() / 1000);
    await perCustomer({ from: CARLA, body: 'carla asks', timestamp: t0 });
    await perCustomer({ from: DIEGO, body: 'diego asks', timestamp: t0 + 1 });
    const quoting = { participant: `${CARLA}@s.whatsapp.net`, number: CARLA };
    const toCarla = await perCustomer({ from: AGENT, body: 'for carla', quoted: quoting, timestamp: t0 + 2 });
    expect(toCarla).toMatchObject({
      kind: 'updated',
      ticket: { customerKey: `+${CARLA}`, status: 'in_progress' },
    });
    // Quoting nobody: Diego wrote last. From the linked phone itself, too.
    await perCustomer({ from: AGENT, body: 'for diego', timestamp: t0 + 3 });
    await perCustomer({ fromMe: true, body: 'also diego', timestamp: t0 + 4 });
    // Quoting an agent counts as quoting nobody.
    const agentQuote = { participant: `${AGENT}@s.whatsapp.net`, number: AGENT };
    await perCustomer({ fromMe: true, body: 'diego again', quoted: agentQuote, timestamp: t0 + 5 });
    // Carla writes again: she is now the latest customer.
    await perCustomer({ from: CARLA, body: 'thanks, and?', timestamp: t0 + 6 });
    await perCustomer({ fromMe: true, body: 'carla again', timestamp: t0 + 7 });
    // Quoting a customer without an active ticket joins nobody's.
    const stranger = { participant: '4915199999999@s.whatsapp.net', number: '4915199999999' };
    expect((await perCustomer({ fromMe: true, body: 'who?', quoted: stranger })).kind).toBe('ignored');

    const [carla, diego] = await all();
    expect(await messagesOf(carla?.id ?? 0)).toEqual([
      'carla asks',
      'for carla',
      'thanks, and?',
      'carla again',
    ]);
    expect(await messagesOf(diego?.id ?? 0)).toEqual([
      'diego asks',
      'for diego',
      'also diego',
      'diego again',
    ]);
  });

  it('per customer: a business message with no customer ticket in the group is ignored', async () => {
    const { perCustomer, all } = await fixture(ctx);
    expect((await perCustomer({ fromMe: true, body: 'hello all' })).kind).toBe('ignored');
    expect(await all()).toEqual([]);
  });

  it('ignore: messages never open or join a ticket', async () => {
    const { send, all } = await fixture(ctx);
    await send({ body: 'question' });
    expect((await send({ body: 'more', ticketMode: 'ignore' })).kind).toBe('ignored');
    expect((await send({ body: 'other group', groupId: 'quiet@g.us', ticketMode: 'ignore' })).kind).toBe(
      'ignored',
    );
    const rows = await all();
    expect(rows.map((t) => [t.groupJid, t.lastMessage])).toEqual([['120363000000000001@g.us', 'question']]);
  });

  it('a mode change applies to new messages; tickets the old mode opened stay open and get none', async () => {
    const { send, perCustomer, all, messagesOf } = await fixture(ctx);
    await send({ from: CARLA, body: 'watch question' });
    expect((await perCustomer({ from: CARLA, body: 'per-customer question' })).kind).toBe('created');
    expect((await perCustomer({ fromMe: true, body: 'reply' })).kind).toBe('updated');
    // Back to watch: the per-customer ticket keeps what it has, the watch ticket takes the messages.
    expect((await send({ from: CARLA, body: 'watch again' })).kind).toBe('updated');
    const [watch, customer] = await all();
    expect(watch).toMatchObject({ customerKey: null, status: 'open' });
    expect(customer).toMatchObject({ customerKey: `+${CARLA}`, status: 'in_progress' });
    expect(await messagesOf(watch?.id ?? 0)).toEqual(['watch question', 'watch again']);
    expect(await messagesOf(customer?.id ?? 0)).toEqual(['per-customer question', 'reply']);
  });

  it('reopening a per-customer ticket while the customer has another active one answers 409', async () => {
    const { organisationId, perCustomer, service } = await fixture(ctx);
    // No reopen window: a message after a close opens a follow-up (decision 0020).
    await ctx.db.update(organisations).set({ reopenDays: 0 }).where(eq(organisations.id, organisationId));
    const first = await perCustomer({ from: CARLA, body: 'one' });
    if (first.kind !== 'created') throw new Error('not created');
    await service.updateStatus({ id: 0, organisationId }, first.ticket.id, 'close');
    expect(await perCustomer({ from: CARLA, body: 'two' })).toMatchObject({
      kind: 'created',
      ticket: { followUpOf: first.ticket.id },
    });
    await expect(
      service.updateStatus({ id: 0, organisationId }, first.ticket.id, 'open'),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    // Another customer's ticket is no obstacle.
    const diego = await perCustomer({ from: DIEGO, body: 'three' });
    if (diego.kind !== 'created') throw new Error('not created');
    await service.updateStatus({ id: 0, organisationId }, diego.ticket.id, 'close');
    await service.updateStatus({ id: 0, organisationId }, diego.ticket.id, 'open');
  });
});

describeEachDatabase('acknowledgement messages', (ctx) => {
  it('join an active ticket but never open one, in watch and per-customer groups', async () => {
    const { send, perCustomer, all, messagesOf } = await fixture(ctx);
    for (const body of ['Thanks!', '👍🏽', 'ok']) expect((await send({ body })).kind, body).toBe('ignored');
    expect((await perCustomer({ from: CARLA, body: '🙏' })).kind).toBe('ignored');
    expect(await all()).toEqual([]);

    await send({ body: 'my order is late' });
    expect((await send({ body: 'thank you.' })).kind).toBe('updated');
    const [ticket] = await all();
    expect(await messagesOf(ticket?.id ?? 0)).toEqual(['my order is late', 'thank you.']);
    // Media with an acknowledging caption is a message like any other.
    expect((await send({ body: 'ok', type: 'image', groupId: 'media@g.us' })).kind).toBe('created');
  });

  it('after a close, a thank-you opens nothing and the closed ticket stays closed', async () => {
    const { organisationId, send, service, all } = await fixture(ctx);
    const opened = await send({ body: 'help' });
    if (opened.kind !== 'created') throw new Error('not created');
    await service.updateStatus({ id: 0, organisationId }, opened.ticket.id, 'close');
    expect((await send({ body: 'thanks' })).kind).toBe('ignored');
    expect((await all()).map((t) => t.status)).toEqual(['close']);
  });

  it("follow the organisation's own list when it has one", async () => {
    const { send, all } = await fixture(ctx);
    const ackPhrases = ['danke', 'merci'];
    expect((await send({ body: 'Danke!', ackPhrases })).kind).toBe('ignored');
    // "ok" is not on this organisation's list: it is a question like any other.
    expect((await send({ body: 'ok', ackPhrases })).kind).toBe('created');
    expect((await all()).length).toBe(1);
  });
});

describeEachDatabase('assignment on the first business reply', (ctx) => {
  it('assigns the member linked to the replying agent phone, and names who answered', async () => {
    const { organisationId, agents, send, member } = await fixture(ctx);
    await agents.add(organisationId, { agent_name: 'Dev', agent_number: `+${AGENT}` });
    const dev = await member('dev@example.com', 'Devi');
    const [agent] = await createAgentsRepository(ctx.db).list(organisationId);
    await ctx.db.update(users).set({ agentId: agent?.id }).where(eq(users.id, dev.id));

    await send({ body: 'help' });
    const reply = await send({ from: AGENT, body: 'on it' });
    expect(reply).toMatchObject({
      kind: 'updated',
      assigned: true,
      ticket: { assigneeId: dev.id, answeredBy: 'Dev', status: 'in_progress' },
    });
    // Later replies change neither.
    await ctx.db.update(tickets).set({ assigneeId: null });
    expect(await send({ fromMe: true, body: 'more' })).toMatchObject({
      assigned: false,
      ticket: { assigneeId: null, answeredBy: 'Dev' },
    });
  });

  it('an unlinked agent answers without assigning; an assignee chosen before stays', async () => {
    const { organisationId, agents, send, member } = await fixture(ctx);
    await agents.add(organisationId, { agent_name: 'Lena', agent_number: `+${AGENT}` });
    await send({ body: 'help' });
    expect(await send({ from: AGENT, body: 'hi' })).toMatchObject({
      assigned: false,
      ticket: { assigneeId: null, answeredBy: 'Lena' },
    });

    const ann = await member('ann@example.com', 'Ann');
    await send({ body: 'other', groupId: 'other@g.us' });
    await ctx.db.update(tickets).set({ assigneeId: ann.id }).where(eq(tickets.groupJid, 'other@g.us'));
    expect(await send({ from: AGENT, body: 'hi', groupId: 'other@g.us' })).toMatchObject({
      assigned: false,
      ticket: { assigneeId: ann.id, answeredBy: 'Lena' },
    });
  });

  it('a desk reply is attributed to its member on every reply, and assigns them on the first', async () => {
    const { send, member, all } = await fixture(ctx);
    const ann = await member('ann@example.com', 'Ann');
    const bob = await member('bob@example.com', 'Bob');
    await send({ body: 'help' });
    expect(
      await send({ fromMe: true, body: 'hello', deskReply: { userId: ann.id, name: 'Ann Doe' } }),
    ).toMatchObject({ assigned: true, ticket: { assigneeId: ann.id, answeredBy: 'Ann Doe' } });
    await send({ fromMe: true, body: 'from bob', deskReply: { userId: bob.id, name: 'Bob Doe' } });
    await send({ fromMe: true, body: 'from the phone' });
    const [ticket] = await all();
    expect(ticket).toMatchObject({ assigneeId: ann.id, answeredBy: 'Ann Doe' });
    const rows = await ctx.db
      .select({ by: ticketMessages.sentByUserId, name: ticketMessages.senderName })
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticket?.id ?? 0), inArray(ticketMessages.isBusiness, [true])))
      .orderBy(asc(ticketMessages.id));
    expect(rows).toEqual([
      { by: ann.id, name: 'Ann Doe' },
      { by: bob.id, name: 'Bob Doe' },
      { by: null, name: 'You' },
    ]);
  });

  it('a desk reply joins the ticket it was typed on, even after the group changed its mode', async () => {
    const { send, perCustomer, member, all, messagesOf } = await fixture(ctx);
    const ann = await member('ann@example.com', 'Ann');
    // A watch ticket, then the group turns per-customer and another customer opens their own ticket.
    await send({ from: CARLA, body: 'help' });
    await perCustomer({ from: DIEGO, body: 'me too' });
    const [watch, diego] = await all();
    const reply = (ticketId: number | undefined, body: string, ticketMode: 'per_customer' | 'ignore') =>
      send({ fromMe: true, body, ticketMode, deskReply: { userId: ann.id, name: 'Ann Doe', ticketId } });
    // Typed on the watch ticket: it goes there, not to Diego's ticket (who wrote last).
    expect(await reply(watch?.id, 'on it, Carla', 'per_customer')).toMatchObject({
      kind: 'updated',
      ticket: { id: watch?.id, status: 'in_progress', assigneeId: ann.id },
    });
    // Even in an ignored group, a reply typed on a ticket still open joins it.
    expect((await reply(watch?.id, 'done soon', 'ignore')).kind).toBe('updated');
    expect(await messagesOf(watch?.id ?? 0)).toEqual(['help', 'on it, Carla', 'done soon']);
    expect(await messagesOf(diego?.id ?? 0)).toEqual(['me too']);
  });
});

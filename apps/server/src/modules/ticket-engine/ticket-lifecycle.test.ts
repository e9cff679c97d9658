import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { org } from '../../../test/helpers/desk';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { engineFixture } from '../../../test/helpers/engine-fixture';
import { internalsOf } from '../../app-internals';
import { auditLog, organisations, tickets } from '../../db/schema';

// Every move of the transition table (docs/decisions/0020-ticket-lifecycle.md) through the real ledger,
// on both databases: the engine's statements carry the rules.

const CARLA = '4915100000001';
const DIEGO = '4915100000002';
const AGENT = '4917000000001';
const DAY = 86_400;

describeEachDatabase('ticket lifecycle', (ctx) => {
  async function setUp() {
    const fixture = await engineFixture(ctx);
    await fixture.agents.add(fixture.organisationId, { agent_name: 'Dev', agent_number: `+${AGENT}` });
    const settings = (values: { autoPending?: boolean; reopenDays?: number }) =>
      ctx.db.update(organisations).set(values).where(eq(organisations.id, fixture.organisationId));
    const setStatus = (id: number, status: 'open' | 'in_progress' | 'pending' | 'close') =>
      fixture.service.updateStatus({ id: 0, organisationId: fixture.organisationId }, id, status);
    const row = async (id: number) => (await ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0];
    /** Seconds since the epoch, on the app's clock (which stamps closes). */
    const now = () => Math.floor(ctx.clock().getTime() / 1000);
    return { ...fixture, settings, setStatus, row, now };
  }

  it('a customer message on a pending ticket moves it back to in progress and marks the reply', async () => {
    const { send, setStatus, row, now } = await setUp();
    const opened = await send({ from: CARLA, body: 'my order is late', timestamp: now() });
    if (opened.kind !== 'created') throw new Error('not created');
    await send({ from: AGENT, body: 'which order?', timestamp: now() + 10 });
    await setStatus(opened.ticket.id, 'pending');

    const replied = await send({ from: CARLA, body: 'order 17', timestamp: now() + 60 });
    expect(replied).toMatchObject({
      kind: 'updated',
      statusBefore: 'pending',
      ticket: { id: opened.ticket.id, status: 'in_progress' },
    });
    expect((await row(opened.ticket.id))?.customerRepliedAt?.getTime()).toBe((now() + 60) * 1000);

    // The next staff reply clears the mark; the status stays in progress.
    await send({ from: AGENT, body: 'found it', timestamp: now() + 90 });
    expect(await row(opened.ticket.id)).toMatchObject({ status: 'in_progress', customerRepliedAt: null });
  });

  it('says which customer message started a wait: the first after a reply, never a second one or thanks', async () => {
    const { send, row, now } = await setUp();
    const opened = await send({ from: CARLA, body: 'help', timestamp: now() });
    if (opened.kind !== 'created') throw new Error('not created');
    const waiting = async () => (await row(opened.ticket.id))?.waitingSince?.getTime() ?? null;
    expect(await send({ from: CARLA, body: 'hello?', timestamp: now() + 5 })).toMatchObject({
      startedWaiting: false,
    });
    await send({ from: AGENT, body: 'on it', timestamp: now() + 10 });
    expect(await waiting()).toBeNull();
    // Thanks after the answer: no wait.
    expect(await send({ from: CARLA, body: 'thanks!', timestamp: now() + 20 })).toMatchObject({
      startedWaiting: false,
    });
    expect(await waiting()).toBeNull();
    // The customer writes again on the In Progress ticket the agent answered: it waits on the business.
    expect(await send({ from: CARLA, body: 'still broken', timestamp: now() + 30 })).toMatchObject({
      kind: 'updated',
      statusBefore: 'in_progress',
      startedWaiting: true,
      ticket: { status: 'in_progress' },
    });
    expect(await waiting()).toBe((now() + 30) * 1000);
    expect(await send({ from: CARLA, body: 'hello??', timestamp: now() + 40 })).toMatchObject({
      startedWaiting: false,
    });
    expect(await waiting()).toBe((now() + 30) * 1000);
  });

  it('with pending after a reply on, every staff reply sets pending and the customer brings it back', async () => {
    const { send, settings, row, now } = await setUp();
    await settings({ autoPending: true });
    const opened = await send({ from: CARLA, body: 'help', timestamp: now() });
    if (opened.kind !== 'created') throw new Error('not created');
    // The first reply: open → pending (not in progress), with its first response.
    expect(await send({ from: AGENT, body: 'what happened?', timestamp: now() + 30 })).toMatchObject({
      statusBefore: 'open',
      ticket: { status: 'pending' },
    });
    expect((await row(opened.ticket.id))?.firstResponseAt?.getTime()).toBe((now() + 30) * 1000);
    expect(await send({ from: CARLA, body: 'it broke', timestamp: now() + 60 })).toMatchObject({
      statusBefore: 'pending',
      ticket: { status: 'in_progress' },
    });
    expect(await send({ from: AGENT, body: 'try this', timestamp: now() + 90 })).toMatchObject({
      statusBefore: 'in_progress',
      ticket: { status: 'pending' },
    });
  });

  it('acknowledgements and group notices never move a pending ticket or reopen a closed one', async () => {
    const { send, setStatus, row, now, all } = await setUp();
    const opened = await send({ from: CARLA, body: 'help', timestamp: now() });
    if (opened.kind !== 'created') throw new Error('not created');
    await setStatus(opened.ticket.id, 'pending');
    // They join (the conversation shows them) but leave the status and the mark alone.
    for (const body of ['thanks!', '👍']) {
      expect(await send({ from: CARLA, body, timestamp: now() + 10 })).toMatchObject({
        kind: 'updated',
        ticket: { status: 'pending', customerRepliedAt: null },
      });
    }
    expect(await send({ from: CARLA, body: 'x left', type: 'gp2', timestamp: now() + 20 })).toEqual({
      kind: 'ignored',
    });
    expect((await row(opened.ticket.id))?.status).toBe('pending');

    await setStatus(opened.ticket.id, 'close');
    for (const input of [
      { body: 'ok' },
      { body: '🙏🏽' },
      { body: 'Carla joined', type: 'gp2' as const },
      { body: '', type: 'revoked' as const },
    ])
      expect((await send({ from: CARLA, timestamp: now() + 30, ...input })).kind, input.body).toBe('ignored');
    expect((await all()).map((t) => t.status)).toEqual(['close']);
  });

  it('reopens a closed ticket within the window: in progress, same assignee, customer replied', async () => {
    const { send, setStatus, row, now, member, service, organisationId } = await setUp();
    const ann = await member('ann@example.com', 'Ann');
    const opened = await send({ from: CARLA, body: 'help', timestamp: now() });
    if (opened.kind !== 'created') throw new Error('not created');
    await ctx.db.update(tickets).set({ assigneeId: ann.id }).where(eq(tickets.id, opened.ticket.id));
    await send({ from: AGENT, body: 'done', timestamp: now() + 10 });
    await setStatus(opened.ticket.id, 'close');

    // Six days later, inside the default window of seven.
    const at = now() + 6 * DAY;
    expect(await send({ from: CARLA, body: 'it broke again', timestamp: at })).toMatchObject({
      kind: 'reopened',
      statusBefore: 'close',
      ticket: { id: opened.ticket.id, status: 'in_progress', closedAt: null, assigneeId: ann.id },
    });
    expect(await row(opened.ticket.id)).toMatchObject({
      lastMessage: 'it broke again',
      customerRepliedAt: new Date(at * 1000),
      followUpOf: null,
    });
    expect(await service.stats(organisationId)).toMatchObject({ in_progress: 1, closed: 0, total: 1 });
  });

  it('after the window, opens a new ticket that follows up the closed one', async () => {
    const { send, setStatus, now, all, settings } = await setUp();
    await settings({ reopenDays: 2 });
    const opened = await send({ from: CARLA, body: 'help', timestamp: now() });
    if (opened.kind !== 'created') throw new Error('not created');
    await setStatus(opened.ticket.id, 'close');
    const later = await send({ from: CARLA, body: 'new problem', timestamp: now() + 3 * DAY });
    expect(later).toMatchObject({
      kind: 'created',
      ticket: { status: 'open', followUpOf: opened.ticket.id, assigneeId: null },
    });
    expect((await all()).map((t) => [t.id, t.status])).toEqual([
      [opened.ticket.id, 'close'],
      [later.kind === 'created' ? later.ticket.id : 0, 'open'],
    ]);
  });

  it('per customer: a customer reopens only their own closed ticket', async () => {
    const { perCustomer, setStatus, now, all } = await setUp();
    const carla = await perCustomer({ from: CARLA, body: 'my order', timestamp: now() });
    if (carla.kind !== 'created') throw new Error('not created');
    await setStatus(carla.ticket.id, 'close');
    // Diego has no closed ticket: his message opens his own, no follow-up of Carla's.
    expect(await perCustomer({ from: DIEGO, body: 'my invoice', timestamp: now() + 60 })).toMatchObject({
      kind: 'created',
      ticket: { followUpOf: null, customerKey: `+${DIEGO}` },
    });
    expect(await perCustomer({ from: CARLA, body: 'still late', timestamp: now() + 120 })).toMatchObject({
      kind: 'reopened',
      ticket: { id: carla.ticket.id, status: 'in_progress' },
    });
    expect((await all()).map((t) => t.status)).toEqual(['in_progress', 'open']);
  });

  it('a window of 0 days never reopens; a redelivered message reopens nothing', async () => {
    const { send, setStatus, now, all, settings } = await setUp();
    const first = await send({ from: CARLA, body: 'help', id: 'FIRST', timestamp: now() });
    if (first.kind !== 'created') throw new Error('not created');
    await setStatus(first.ticket.id, 'close');
    // WhatsApp delivers the first message again: it is known, so the closed ticket stays closed.
    expect((await send({ from: CARLA, body: 'help', id: 'FIRST', timestamp: now() })).kind).toBe('duplicate');
    expect((await all()).map((t) => t.status)).toEqual(['close']);
    await settings({ reopenDays: 0 });
    expect(await send({ from: CARLA, body: 'again', timestamp: now() + 1 })).toMatchObject({
      kind: 'created',
      ticket: { followUpOf: first.ticket.id },
    });
  });
});

describeEachDatabase('ticket lifecycle through the queue', (ctx) => {
  it('audits every move by nobody and announces a reopen as ticket.updated "reopened"', async () => {
    const { user, say, organisationId } = await deskFixture(ctx);
    const changes: string[] = [];
    internalsOf(ctx.app).bus.on('ticket.changed', (event) =>
      changes.push(`${event.change}:${event.ticket.status}`),
    );
    const t0 = Math.floor(ctx.clock().getTime() / 1000);
    await say({ from: CARLA, body: 'help', timestamp: t0 });
    await say({ fromMe: true, body: 'on it', timestamp: t0 + 10 });
    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.organisationId, organisationId));
    if (!ticket) throw new Error('no ticket');
    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: ticket.id, status: 'pending' });
    await say({ from: CARLA, body: 'still broken', timestamp: t0 + 20 });
    await org(ctx.app, user, 'updateTicketStatus', { ticket_id: ticket.id, status: 'close' });
    await say({ from: CARLA, body: 'thanks', timestamp: t0 + 30 });
    await say({ from: CARLA, body: 'no, it broke again', timestamp: t0 + 40 });

    expect(changes).toEqual([
      'created:open',
      'message:in_progress',
      'status:pending',
      'message:in_progress',
      'status:close',
      'reopened:in_progress',
    ]);
    const moves = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, 'ticket.status_changed')))
      .orderBy(asc(auditLog.id));
    expect(moves.map((m) => [m.actorId === null ? 'nobody' : 'member', m.details])).toEqual([
      [
        'nobody',
        expect.objectContaining({ from: 'open', to: 'in_progress', reason: 'the first staff reply' }),
      ],
      ['member', { from: 'in_progress', to: 'pending' }],
      [
        'nobody',
        expect.objectContaining({ from: 'pending', to: 'in_progress', reason: 'the customer replied' }),
      ],
      ['member', { from: 'in_progress', to: 'close' }],
      [
        'nobody',
        expect.objectContaining({
          from: 'close',
          to: 'in_progress',
          reason: 'the customer wrote within the reopen window',
        }),
      ],
    ]);
  });
});

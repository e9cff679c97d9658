import type { ServerEvent } from '@wadesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers/describe-each-database';
import { liveWaMessage } from '../../../test/helpers/live-message';
import { internalsOf } from '../../app-internals';
import { organisations, waLiveQueue, waSessions } from '../../db/schema';
import type { DeskEventBus } from '../events/desk-events';
import { toServerEvent } from '../events/event-hub';
import { createMessageStore, type QueuedLiveMessage } from '../messages/message-store.service';
import type { TicketRow } from '../tickets/tickets.schema';
import type { BatchOutcome } from './ticket-engine';
import { createTicketProcessor, type TicketProcessorDeps } from './ticket-processor';

const ticket = (id: number): TicketRow => ({
  id,
  organisationId: 1,
  sessionId: 's1',
  groupJid: 'g@g.us',
  groupName: 'Group',
  customer: 'Carla',
  customerNumber: null,
  lastMessage: 'hello',
  status: 'open',
  createdAt: new Date(0),
  updatedAt: new Date(0),
  firstResponseAt: null,
  closedAt: null,
  customerKey: null,
  assigneeId: null,
  answeredBy: null,
  customerRepliedAt: null,
  followUpOf: null,
  lastCustomerAt: new Date(0),
  waitingSince: null,
  satisfactionAskedAt: null,
  satisfactionScore: null,
});

const silentBus = { publish: () => 0 } as unknown as DeskEventBus;

describeEachDatabase('ticket processor', (ctx) => {
  /**
   * A processor over the real queue (the app's own one is stopped) and an engine that records its batches
   * and answers `decide(event)` after a tick.
   */
  async function setup(
    decide: (event: QueuedLiveMessage) => BatchOutcome | 'throw' = () => ({ kind: 'ignored' }),
    options: Partial<TicketProcessorDeps> = {},
  ) {
    await internalsOf(ctx.app).ticketProcessor.stop();
    const [organisation] = await ctx.db.insert(organisations).values({ name: 'Org' }).returning();
    if (!organisation) throw new Error('no organisation');
    const [session] = await ctx.db
      .insert(waSessions)
      .values({ organisationId: organisation.id, name: 'S', description: '', phone: '4930000000000' })
      .returning();
    if (!session) throw new Error('no session');
    const store = createMessageStore({ db: ctx.db, bus: silentBus });
    const ref = { id: session.id, organisationId: organisation.id };
    const batches: string[][] = [];
    const published: ServerEvent[] = [];
    const errors: object[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const processor = (more: Partial<TicketProcessorDeps> = {}) =>
      createTicketProcessor({
        queue: store,
        engine: {
          async processBatch(events) {
            batches.push(events.map((e) => e.message.body));
            inFlight++;
            mostInFlight = Math.max(mostInFlight, inFlight);
            await new Promise((resolve) => setTimeout(resolve, 1));
            inFlight--;
            const outcomes = events.map((e) => decide(e as QueuedLiveMessage));
            if (outcomes.includes('throw')) throw new Error('statement failed');
            return outcomes as BatchOutcome[];
          },
        },
        bus: { publish: (name, event) => published.push(toServerEvent(name, event)) },
        log: { error: (object) => errors.push(object) },
        instanceId: 'test',
        batchSize: 3,
        parallel: 2,
        pollMs: 20,
        retryMs: 0,
        maxAttempts: 3,
        ...options,
        ...more,
      });
    /** Stores live messages as ingest does: they are queued with them. */
    const store_ = (...list: [group: string, body: string][]) =>
      store.ingest(
        ref,
        list.map(([group, body]) => liveWaMessage({ groupId: `${group}@g.us`, body })),
        'live',
      );
    return { store, save: store_, processor, batches, published, errors, mostInFlight: () => mostInFlight };
  }

  it('sends queued messages of different groups together, one per group, each group in arrival order', async () => {
    const { save, processor, batches, mostInFlight } = await setup();
    const list: [string, string][] = [];
    for (const n of [1, 2, 3]) for (const group of ['a', 'b', 'c', 'd']) list.push([group, `${group}${n}`]);
    await save(...list);
    const p = processor();
    await p.settled();
    await p.stop();

    expect(batches.flat().sort()).toEqual(list.map(([, body]) => body).sort());
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(3);
      expect(new Set(batch.map((body) => body[0])).size).toBe(batch.length);
    }
    for (const group of ['a', 'b', 'c', 'd'])
      expect(batches.flat().filter((body) => body[0] === group)).toEqual(
        [1, 2, 3].map((n) => `${group}${n}`),
      );
    expect(mostInFlight()).toBeLessThanOrEqual(2);
    expect(await ctx.count(waLiveQueue)).toBe(0);
  });

  it('never has two messages of one group in the engine at once', async () => {
    const { save, processor, batches } = await setup();
    await save(...[0, 1, 2, 3, 4].map((n): [string, string] => ['only', `o${n}`]));
    const p = processor();
    await p.settled();
    await p.stop();
    expect(batches).toEqual([['o0'], ['o1'], ['o2'], ['o3'], ['o4']]);
  });

  it('is not settled by a claim that found nothing only because a batch of the group was in flight', async () => {
    const { store, save, processor, batches } = await setup();
    await save(...[0, 1, 2].map((n): [string, string] => ['only', `o${n}`]));
    // Claims slower than a batch: the claim made while o0 is in flight finds nothing, and returns after
    // o0 is done.
    const slowQueue: typeof store = {
      ...store,
      claimLive: async (...args) => {
        const batch = await store.claimLive(...args);
        await new Promise((resolve) => setTimeout(resolve, 30));
        return batch;
      },
    };
    const p = processor({ queue: slowQueue });
    await p.settled();
    await p.stop();
    expect(batches).toEqual([['o0'], ['o1'], ['o2']]);
  });

  it('publishes created and updated tickets and acknowledges the messages', async () => {
    const { save, processor, published } = await setup((event) =>
      event.message.body === 'new'
        ? { kind: 'created', ticket: ticket(1) }
        : { kind: 'updated', ticket: ticket(2) },
    );
    await save(['a', 'new'], ['b', 'more']);
    const p = processor();
    await p.settled();
    await p.stop();
    expect(published.map((e) => [e.type, 'ticket' in e ? e.ticket.id : null])).toEqual([
      ['ticket.created', 1],
      ['ticket.updated', 2],
    ]);
    expect(p.applied()).toBe(2);
    expect(await ctx.count(waLiveQueue)).toBe(0);
  });

  it('tells the assignee once per wait: a message that started it, a pending ticket moved back, a reopen', async () => {
    const assigned = (id: number, patch: Partial<TicketRow> = {}) => ({
      ...ticket(id),
      assigneeId: 7,
      status: 'in_progress' as const,
      ...patch,
    });
    const outcomes: Record<string, BatchOutcome> = {
      // The customer wrote after the assignee's answer: the ticket waits on the business again.
      again: { kind: 'updated', ticket: assigned(1), statusBefore: 'in_progress', startedWaiting: true },
      // They wrote once more while already waiting, or said thanks: nothing new to tell.
      more: { kind: 'updated', ticket: assigned(2), statusBefore: 'in_progress', startedWaiting: false },
      thanks: { kind: 'updated', ticket: assigned(3, { status: 'pending' }), statusBefore: 'pending' },
      back: { kind: 'updated', ticket: assigned(4), statusBefore: 'pending', startedWaiting: false },
      reopen: { kind: 'reopened', ticket: assigned(5), statusBefore: 'close' },
      nobody: {
        kind: 'updated',
        ticket: assigned(6, { assigneeId: null }),
        statusBefore: 'in_progress',
        startedWaiting: true,
      },
    };
    const { save, processor } = await setup((event) => outcomes[event.message.body] ?? { kind: 'ignored' });
    const told: [number, number, boolean][] = [];
    const notifications = {
      newTickets: async () => {},
      customerReplied: async (t: { id: number }, _last: string, assigneeId: number, reopened: boolean) => {
        told.push([t.id, assigneeId, reopened]);
      },
    };
    await save(...Object.keys(outcomes).map((body, i): [string, string] => [`g${i}`, body]));
    const p = processor({ notifications });
    await p.settled();
    await p.stop();
    expect(told.sort((a, b) => a[0] - b[0])).toEqual([
      [1, 7, false],
      [4, 7, false],
      [5, 7, true],
    ]);
  });

  it('retries a poison message, then logs it and gives up without blocking its group', async () => {
    const { save, processor, batches, errors } = await setup((event) =>
      event.message.body === 'bad' ? 'throw' : { kind: 'updated', ticket: ticket(3) },
    );
    await save(['a', 'good'], ['b', 'bad'], ['b', 'after'], ['c', 'fine']);
    const p = processor();
    // Failed messages come back after retryMs (0 here): settle until the queue is empty.
    for (let i = 0; i < 50 && (await ctx.count(waLiveQueue)) > 0; i++) {
      await p.settled();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await p.stop();
    expect(await ctx.count(waLiveQueue)).toBe(0);
    // The batch that failed went again one message at a time; 'bad' was tried maxAttempts (3) times.
    expect(batches.flat().filter((body) => body === 'bad')).toHaveLength(1 + 3);
    expect(batches.flat().filter((body) => body === 'good')).toHaveLength(2);
    expect(batches.flat().indexOf('after')).toBeGreaterThan(batches.flat().lastIndexOf('bad'));
    expect(errors).toEqual([
      ...[1, 2, 3].map((attempts) => expect.objectContaining({ groupId: 'b@g.us', attempts })),
      expect.objectContaining({ groupId: 'b@g.us', attempts: 4 }),
    ]);
  });

  it('logs a message whose ticket could not be opened and retries it', async () => {
    let tries = 0;
    const { save, processor, published, errors } = await setup((event) =>
      event.message.body === 'fails' && tries++ === 0
        ? { kind: 'failed', error: new Error('insert refused') }
        : { kind: 'created', ticket: ticket(4) },
    );
    await save(['a', 'fails'], ['b', 'opens']);
    const p = processor();
    for (let i = 0; i < 50 && (await ctx.count(waLiveQueue)) > 0; i++) await p.settled();
    await p.stop();
    expect(published.map((e) => e.type)).toEqual(['ticket.created', 'ticket.created']);
    expect(errors).toEqual([
      expect.objectContaining({ groupId: 'a@g.us', err: new Error('insert refused') }),
    ]);
  });

  it("takes over a dead consumer's expired claim, but not a live one", async () => {
    const { store, save, processor, batches } = await setup();
    await save(['a', 'held by the living'], ['b', 'left by the dead']);
    // Two other consumers: one holds 'a', one claimed 'b' and died (its claim has expired).
    const [living] = await store.claimLive('living', 1, 60_000);
    const [dead] = await store.claimLive('dead', 1, -1_000);
    expect([dead?.message.body, living?.message.body]).toEqual(['left by the dead', 'held by the living']);
    const p = processor();
    await p.settled();
    await p.stop();
    expect(batches).toEqual([['left by the dead']]);
    expect(await ctx.count(waLiveQueue)).toBe(1);
  });

  it('is settled at once when nothing is queued', async () => {
    const { processor } = await setup();
    const p = processor();
    await expect(p.settled()).resolves.toBeUndefined();
    await p.stop();
  });
});

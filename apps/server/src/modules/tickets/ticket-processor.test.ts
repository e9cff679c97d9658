import type { ServerEvent } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { liveMessage } from '../../../test/helpers/live-message';
import { toServerEvent } from '../events/event-hub';
import type { LiveMessage } from '../groups/group-message';
import type { BatchOutcome } from './ticket-engine';
import { createTicketProcessor } from './ticket-processor';
import type { TicketRow } from './tickets.repository';

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
});

/** A processor over an engine that records its batches and answers `decide(event)` after a tick. */
function setup(decide: (event: LiveMessage) => BatchOutcome | 'throw' = () => ({ kind: 'ignored' })) {
  const batches: string[][] = [];
  const published: ServerEvent[] = [];
  const errors: object[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const processor = createTicketProcessor({
    engine: {
      async processBatch(events) {
        batches.push(events.map((e) => e.message.body));
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        const outcomes = events.map(decide);
        if (outcomes.includes('throw')) throw new Error('statement failed');
        return outcomes as BatchOutcome[];
      },
    },
    bus: { publish: (name, event) => published.push(toServerEvent(name, event)) },
    log: { error: (object) => errors.push(object) },
    batchSize: 3,
    parallel: 2,
  });
  const send = (groupId: string, body: string) =>
    processor.accept(liveMessage({ organisationId: 1, sessionId: 's1', groupId, body }));
  return { processor, send, batches, published, errors, mostInFlight: () => mostInFlight };
}

describe('ticket processor', () => {
  it('sends waiting messages of different groups together, one per group, each group in arrival order', async () => {
    const { processor, send, batches, mostInFlight } = setup();
    for (const n of [1, 2, 3]) for (const group of ['a', 'b', 'c', 'd']) send(group, `${group}${n}`);
    await processor.settled();

    expect(batches.flat().sort()).toEqual([
      'a1',
      'a2',
      'a3',
      'b1',
      'b2',
      'b3',
      'c1',
      'c2',
      'c3',
      'd1',
      'd2',
      'd3',
    ]);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(3);
      expect(new Set(batch.map((body) => body[0])).size).toBe(batch.length);
    }
    // The burst arrived in one go: far fewer batches than messages.
    expect(batches.length).toBeLessThanOrEqual(6);
    for (const group of ['a', 'b', 'c', 'd'])
      expect(batches.flat().filter((body) => body[0] === group)).toEqual(
        [1, 2, 3].map((n) => `${group}${n}`),
      );
    expect(mostInFlight()).toBe(2);
  });

  it('never has two messages of one group in the engine at once', async () => {
    const { processor, send, batches } = setup();
    for (let n = 0; n < 5; n++) send('only', `o${n}`);
    await processor.settled();
    expect(batches).toEqual([['o0'], ['o1'], ['o2'], ['o3'], ['o4']]);
  });

  it('publishes created and updated tickets', async () => {
    const { processor, send, published } = setup((event) =>
      event.message.body === 'new'
        ? { kind: 'created', ticket: ticket(1) }
        : { kind: 'updated', ticket: ticket(2) },
    );
    send('a', 'new');
    send('b', 'more');
    await processor.settled();
    expect(published.map((e) => [e.type, 'ticket' in e ? e.ticket.id : null])).toEqual([
      ['ticket.created', 1],
      ['ticket.updated', 2],
    ]);
  });

  it('retries a failed batch one message at a time, so only the bad message is lost and logged', async () => {
    const { processor, send, batches, published, errors } = setup((event) =>
      event.message.body === 'bad' ? 'throw' : { kind: 'updated', ticket: ticket(3) },
    );
    send('a', 'good');
    send('b', 'bad');
    send('c', 'fine');
    await processor.settled();
    expect(batches).toEqual([['good', 'bad', 'fine'], ['good'], ['bad'], ['fine']]);
    expect(published).toHaveLength(2);
    expect(errors).toEqual([expect.objectContaining({ groupId: 'b' })]);
  });

  it('logs a message whose ticket could not be opened and goes on with the rest', async () => {
    const { processor, send, published, errors } = setup((event) =>
      event.message.body === 'fails'
        ? { kind: 'failed', error: new Error('insert refused') }
        : { kind: 'created', ticket: ticket(4) },
    );
    send('a', 'fails');
    send('b', 'opens');
    await processor.settled();
    expect(published.map((e) => e.type)).toEqual(['ticket.created']);
    expect(errors).toEqual([expect.objectContaining({ groupId: 'a', err: new Error('insert refused') })]);
  });

  it('is settled at once when nothing is waiting', async () => {
    const { processor } = setup();
    await expect(processor.settled()).resolves.toBeUndefined();
  });
});

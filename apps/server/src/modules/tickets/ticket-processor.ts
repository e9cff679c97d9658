import type { DeskEventBus } from '../events/desk-events';
import type { LiveMessage } from '../groups/group-message';
import { type BatchOutcome, groupOf, type TicketEngine } from './ticket-engine';
import { toTicket } from './ticket-mapping';

export interface TicketProcessorDeps {
  engine: Pick<TicketEngine, 'processBatch'>;
  bus: Pick<DeskEventBus, 'publish'>;
  log: { error(object: object, message: string): void };
  /** Most messages handed to the engine at once (one per group). */
  batchSize?: number;
  /** Most batches in the database at once. */
  parallel?: number;
}

export type TicketProcessor = ReturnType<typeof createTicketProcessor>;

/**
 * Feeds live messages to the engine one at a time per group, in arrival order (two messages of one group
 * racing would make the database decide their order), and publishes what changed. Messages of different
 * groups waiting at the same moment go to the engine as one batch: one database round trip for many
 * messages is what lets the desk keep up with busy sessions. A lone message is sent at once.
 */
export function createTicketProcessor({
  engine,
  bus,
  log,
  batchSize = 200,
  parallel = 4,
}: TicketProcessorDeps) {
  /** Messages not yet sent to the engine, per group, in arrival order (Map order: the longest waiting first). */
  const waiting = new Map<string, LiveMessage[]>();
  /** Groups with a message in a running batch. */
  const busy = new Set<string>();
  let running = 0;
  let scheduled = false;
  let idle: (() => void)[] = [];
  const isIdle = () => running === 0 && waiting.size === 0;

  function announce(event: LiveMessage, outcome: BatchOutcome): void {
    if (outcome.kind === 'failed') failed(event, outcome.error);
    else if (outcome.kind === 'created' || outcome.kind === 'updated')
      bus.publish('ticket.changed', {
        organisationId: event.organisationId,
        change: outcome.kind === 'created' ? 'created' : 'message',
        ticket: toTicket(outcome.ticket),
      });
  }

  function failed(event: LiveMessage, error: unknown): void {
    log.error(
      { err: error, sessionId: event.sessionId, groupId: event.groupJid, waId: event.message.waId },
      'ticket engine failed on a message',
    );
  }

  /** The oldest waiting message of each group that has none in the engine, up to `batchSize`. */
  function take(): LiveMessage[] {
    const batch: LiveMessage[] = [];
    for (const [group, queue] of waiting) {
      if (batch.length === batchSize) break;
      if (busy.has(group)) continue;
      batch.push(queue.shift() as LiveMessage);
      busy.add(group);
      if (queue.length === 0) waiting.delete(group);
    }
    return batch;
  }

  async function apply(batch: LiveMessage[]): Promise<void> {
    let outcomes: BatchOutcome[];
    try {
      outcomes = await engine.processBatch(batch);
    } catch (error) {
      if (batch.length === 1) return failed(batch[0] as LiveMessage, error);
      // Nothing was applied. One message the database refuses (or a deadlock with another server) must not
      // cost the others: each goes again alone.
      await Promise.all(batch.map((event) => apply([event])));
      return;
    }
    for (const [i, event] of batch.entries()) announce(event, outcomes[i] as BatchOutcome);
  }

  function pump(): void {
    scheduled = false;
    while (running < parallel) {
      const batch = take();
      if (batch.length === 0) break;
      running++;
      apply(batch)
        .catch((error: unknown) => log.error({ err: error }, 'ticket events could not be published'))
        .finally(() => {
          running--;
          for (const event of batch) busy.delete(groupOf(event));
          pump();
        });
    }
    if (isIdle()) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  }

  return {
    /** The live-message listener: returns at once and never throws into the gateway. */
    accept(event: LiveMessage): void {
      const group = groupOf(event);
      const queue = waiting.get(group);
      if (queue) queue.push(event);
      else waiting.set(group, [event]);
      // After the current task: the gateway hands over a received batch of messages in one go.
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(pump);
      }
    },

    /** Resolves when every message accepted so far has been applied (tests, shutdown). */
    settled(): Promise<void> {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}

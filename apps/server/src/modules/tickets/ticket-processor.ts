import type { ServerEvent } from '@wadesk/contract';
import type { LiveMessageEvent } from '../../whatsapp/events';
import { createKeyedQueue } from './keyed-queue';
import type { EngineOutcome, TicketEngine } from './ticket-engine';
import { toTicket } from './ticket-mapping';

export interface TicketProcessorDeps {
  engine: TicketEngine;
  publish(organisationId: number, event: ServerEvent): void;
  log: { error(object: object, message: string): void };
}

export type TicketProcessor = ReturnType<typeof createTicketProcessor>;

/**
 * Feeds live messages to the engine one group at a time, in arrival order (two messages of one group
 * racing inside one process would make the database decide their order), and publishes what changed.
 */
export function createTicketProcessor({ engine, publish, log }: TicketProcessorDeps) {
  const queue = createKeyedQueue();

  function announce(event: LiveMessageEvent, outcome: EngineOutcome): void {
    if (outcome.kind === 'created')
      publish(event.organisationId, { type: 'ticket.created', ticket: toTicket(outcome.ticket) });
    else if (outcome.kind === 'updated')
      publish(event.organisationId, {
        type: 'ticket.updated',
        change: 'message',
        ticket: toTicket(outcome.ticket),
      });
  }

  return {
    /** The gateway's live-message listener: returns at once and never throws into the gateway. */
    accept(event: LiveMessageEvent): void {
      const key = `${event.sessionId}\u0000${event.groupId}`;
      queue
        .run(key, () => engine.process(event))
        .then((outcome) => announce(event, outcome))
        .catch((error: unknown) =>
          log.error(
            { err: error, sessionId: event.sessionId, groupId: event.groupId, waId: event.message.id },
            'ticket engine failed on a message',
          ),
        );
    },

    /** Resolves when every message accepted so far has been applied (tests, shutdown). */
    settled: (): Promise<void> => queue.settled(),
  };
}

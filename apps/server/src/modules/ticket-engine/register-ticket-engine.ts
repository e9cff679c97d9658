import type { FastifyInstance } from 'fastify';
import type { AgentsService } from '../agents/agents.service';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { MessageStore } from '../messages/message-store.service';
import { createLateSenders, fillTicketsOnResolvedAuthors } from './learned-senders';
import { createTicketEngine } from './ticket-engine';
import type { TicketLedger } from './ticket-ledger';
import { createTicketProcessor, type TicketProcessor, type TicketProcessorDeps } from './ticket-processor';

export interface RegisterTicketEngineOptions {
  /** Where the engine opens, joins and fills tickets: the tickets module's, built by app.ts. */
  ledger: TicketLedger;
  bus: DeskEventBus;
  /** Owner of the live-message queue the engine consumes. */
  store: MessageStore;
  /** This instance's id: it holds the queue claims. */
  instanceId: string;
  agents: Pick<AgentsService, 'byNumber'>;
  audit: AuditRecorder;
  /** The notifications module's poster: new tickets, and customers writing again (decision 0022). */
  notifications?: TicketProcessorDeps['notifications'];
  /** The replies module's check of desk replies whose echo joined a ticket (refused ones are undone). */
  deskEchoes?: TicketProcessorDeps['deskEchoes'];
  /** Queue timings and sizes; production uses the processor's defaults. */
  processor?: Pick<
    TicketProcessorDeps,
    'batchSize' | 'parallel' | 'pollMs' | 'claimMs' | 'retryMs' | 'maxAttempts'
  >;
}

/**
 * The ticket engine on the live-message queue: it turns stored WhatsApp messages into tickets. Answers
 * its intake, for tests, the bench and the demo to wait on (app-internals.ts).
 */
export function registerTicketEngine(
  app: FastifyInstance,
  options: RegisterTicketEngineOptions,
): TicketProcessor {
  const { ledger, bus, store, instanceId, agents } = options;
  const engine = createTicketEngine({ ledger, agentByNumber: agents.byNumber });
  const stopFilling = fillTicketsOnResolvedAuthors({ ledger, store, log: app.log });
  const processor = createTicketProcessor({
    ...options.processor,
    queue: store,
    engine,
    bus,
    log: app.log,
    audit: options.audit,
    ...(options.notifications ? { notifications: options.notifications } : {}),
    lateSenders: createLateSenders({ ledger, store }),
    ...(options.deskEchoes ? { deskEchoes: options.deskEchoes } : {}),
    instanceId,
  });
  // Only a wake-up: the message itself is read from the queue, where it was stored with the message.
  const unsubscribe = bus.on('message.live', () => processor.wake());
  app.addHook('preClose', async () => {
    unsubscribe();
    stopFilling();
    await processor.stop();
  });
  return processor;
}

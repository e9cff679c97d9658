import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AgentsService } from '../agents/agents.service';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { GroupsService } from '../groups/groups.service';
import { phoneOf } from '../messages/group-message';
import type { MessageStore, QueuedLiveMessage } from '../messages/message-store.service';
import type { SessionsService } from '../sessions/sessions.service';
import { createCountsService } from './counts.service';
import { createLabelsRepository } from './labels.repository';
import { createLabelsService } from './labels.service';
import { createTicketEngine } from './ticket-engine';
import {
  createTicketEngineRepository,
  fillTicketSenders,
  type LearnedSender,
} from './ticket-engine.repository';
import { createTicketMergeRepository } from './ticket-merge.repository';
import { createTicketProcessor, type TicketProcessor, type TicketProcessorDeps } from './ticket-processor';
import { createTicketWorkflowRepository } from './ticket-workflow.repository';
import { ticketWorkflowRoutes } from './ticket-workflow.routes';
import { createTicketWorkflowService } from './ticket-workflow.service';
import { createTicketsRepository } from './tickets.repository';
import { ticketsRoutes } from './tickets.routes';
import { createTicketsService } from './tickets.service';

export interface RegisterTicketsOptions {
  db: Db;
  clock: Clock;
  bus: DeskEventBus;
  /** Owner of the live-message queue the engine consumes. */
  store: MessageStore;
  /** This instance's id: it holds the queue claims. */
  instanceId: string;
  sessions: SessionsService;
  groups: GroupsService;
  agents: AgentsService;
  audit: AuditRecorder;
  /** Queue timings and sizes; production uses the processor's defaults. */
  processor?: Pick<
    TicketProcessorDeps,
    'batchSize' | 'parallel' | 'pollMs' | 'claimMs' | 'retryMs' | 'maxAttempts'
  >;
}

/**
 * The ticket engine on the live-message queue, and the /org/ ticket and dashboard calls. Answers the
 * engine's intake, for tests, the bench and the demo to wait on (app-internals.ts).
 */
export async function registerTickets(
  app: FastifyInstance,
  options: RegisterTicketsOptions,
): Promise<TicketProcessor> {
  const { db, clock, bus, store, instanceId, sessions, groups, agents } = options;
  const engine = createTicketEngine({
    repo: createTicketEngineRepository(db),
    agentByNumber: agents.byNumber,
  });
  // A LID sender's number learned after its messages were ticketed: the tickets get it too, unchanged
  // otherwise (docs/decisions/0013, LID senders). Awaited by the store, so it is done before the change
  // that taught the pair completes; a failure is logged and never fails that change.
  const fill = async (sessionId: string, learned: (LearnedSender & { organisationId: number })[]) => {
    const byOrganisation = new Map<number, LearnedSender[]>();
    for (const { organisationId, ...sender } of learned)
      byOrganisation.set(organisationId, [...(byOrganisation.get(organisationId) ?? []), sender]);
    for (const [organisationId, senders] of byOrganisation)
      await fillTicketSenders(db, organisationId, sessionId, senders);
  };
  const stopFilling = store.onResolvedAuthors(async ({ sessionId, messages }) => {
    const learned = messages.flatMap((m) => {
      const number = phoneOf(m.phoneJid);
      return number
        ? [{ organisationId: m.organisationId, groupJid: m.groupJid, waId: m.waId, number: `+${number}` }]
        : [];
    });
    await fill(sessionId, learned).catch((error: unknown) =>
      app.log.warn({ err: error, sessionId }, 'filling learned sender numbers into tickets failed'),
    );
  });
  // The same fill for messages the engine applied while their sender's pair was being learned.
  const lateSenders = async (events: QueuedLiveMessage[]) => {
    for (const sessionId of new Set(events.map((event) => event.sessionId))) {
      const mine = events.filter((event) => event.sessionId === sessionId);
      const phones = await store.phonesOf(sessionId, [...new Set(mine.map((e) => e.message.author ?? ''))]);
      await fill(
        sessionId,
        mine.flatMap(({ organisationId, groupJid, message }) => {
          const number = phones.get(message.author ?? '');
          return number ? [{ organisationId, groupJid, waId: message.waId, number: `+${number}` }] : [];
        }),
      );
    }
  };
  const processor = createTicketProcessor({
    ...options.processor,
    queue: store,
    engine,
    bus,
    log: app.log,
    audit: options.audit,
    lateSenders,
    instanceId,
  });
  // Only a wake-up: the message itself is read from the queue, where it was stored with the message.
  const unsubscribe = bus.on('message.live', () => processor.wake());
  app.addHook('preClose', async () => {
    unsubscribe();
    stopFilling();
    await processor.stop();
  });

  const ticketsRepository = createTicketsRepository(db);
  await app.register(ticketsRoutes, {
    tickets: createTicketsService({
      repo: ticketsRepository,
      clock,
      audit: options.audit,
      onStatusChange: (organisationId, ticket) =>
        bus.publish('ticket.changed', { organisationId, change: 'status', ticket }),
    }),
    counts: createCountsService({ sessions, groups, agents }),
  });
  await app.register(ticketWorkflowRoutes, {
    workflow: createTicketWorkflowService({
      tickets: ticketsRepository,
      repo: createTicketWorkflowRepository(db),
      merges: createTicketMergeRepository(db),
      clock,
      audit: options.audit,
      onChange: (organisationId, change, ticket) =>
        bus.publish('ticket.changed', { organisationId, change, ticket }),
    }),
    labels: createLabelsService({ repo: createLabelsRepository(db), audit: options.audit }),
  });
  return processor;
}

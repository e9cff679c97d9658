import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AgentsService } from '../agents/agents.service';
import type { DeskEventBus } from '../events/desk-events';
import type { GroupsService } from '../groups/groups.service';
import type { WhatsAppGateway } from '../sessions/gateway';
import type { SessionsService } from '../sessions/sessions.service';
import { createCountsService } from './counts.service';
import { createTicketEngine } from './ticket-engine';
import { createTicketEngineRepository } from './ticket-engine.repository';
import { createTicketProcessor, type TicketProcessor } from './ticket-processor';
import { createTicketsRepository } from './tickets.repository';
import { ticketsRoutes } from './tickets.routes';
import { createTicketsService } from './tickets.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ticket engine's intake; tests await `ticketProcessor.settled()` after injecting messages. */
    ticketProcessor: TicketProcessor;
  }
}

export interface RegisterTicketsOptions {
  db: Db;
  clock: Clock;
  bus: DeskEventBus;
  gateway: WhatsAppGateway;
  sessions: SessionsService;
  groups: GroupsService;
  agents: AgentsService;
}

/** The ticket engine on live messages, and the /org/ ticket and dashboard calls. */
export async function registerTickets(app: FastifyInstance, options: RegisterTicketsOptions): Promise<void> {
  const { db, clock, bus, gateway, sessions, groups, agents } = options;
  const engine = createTicketEngine({
    repo: createTicketEngineRepository(db),
    agentByNumber: agents.byNumber,
    linkedPhone: (sessionId) => gateway.state(sessionId)?.account?.phone ?? null,
  });
  const processor = createTicketProcessor({ engine, bus, log: app.log });
  const unsubscribe = bus.on('message.live', processor.accept);
  app.decorate('ticketProcessor', processor);
  app.addHook('preClose', async () => {
    unsubscribe();
    await processor.settled();
  });

  await app.register(ticketsRoutes, {
    tickets: createTicketsService({
      repo: createTicketsRepository(db),
      clock,
      onStatusChange: (organisationId, ticket) =>
        bus.publish('ticket.changed', { organisationId, change: 'status', ticket }),
    }),
    counts: createCountsService({ sessions, groups, agents }),
  });
}

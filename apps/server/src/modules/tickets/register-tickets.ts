import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { WhatsAppRuntime } from '../../whatsapp/register';
import type { AgentsService } from '../agents/agents.service';
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
  whatsapp: WhatsAppRuntime;
  agents: AgentsService;
}

/** The ticket engine on the gateway's live messages, and the /org/ ticket and dashboard calls. */
export async function registerTickets(app: FastifyInstance, options: RegisterTicketsOptions): Promise<void> {
  const { db, clock, whatsapp, agents } = options;
  const engine = createTicketEngine({
    repo: createTicketEngineRepository(db),
    agentByNumber: agents.byNumber,
    linkedPhone: (sessionId) => whatsapp.gateway.state(sessionId)?.account?.phone ?? null,
  });
  const processor = createTicketProcessor({ engine, publish: whatsapp.publish, log: app.log });
  const unsubscribe = whatsapp.gateway.onLiveMessage(processor.accept);
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
        whatsapp.publish(organisationId, { type: 'ticket.updated', change: 'status', ticket }),
    }),
    counts: createCountsService({ sessions: whatsapp.sessions, groups: whatsapp.groups, agents }),
  });
}

import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { WhatsAppRuntime } from '../../whatsapp/register';
import { createAgentsRepository } from './agents.repository';
import { agentsRoutes } from './agents.routes';
import { type AgentsService, createAgentsService } from './agents.service';
import { watchLinkedAccounts } from './owner-agents';

declare module 'fastify' {
  interface FastifyInstance {
    /** Owner agents being added after a session connected; tests await `ownerAgents.settled()`. */
    ownerAgents: { settled(): Promise<void> };
  }
}

/** The /org/ agent calls, and owner agents for connected sessions. Returns the service for the tickets. */
export async function registerAgents(
  app: FastifyInstance,
  { db, clock, whatsapp }: { db: Db; clock: Clock; whatsapp: WhatsAppRuntime },
): Promise<AgentsService> {
  const agents: AgentsService = createAgentsService({
    repo: createAgentsRepository(db),
    clock,
    onChange: (organisationId) => {
      agents
        .count(organisationId)
        .then((count) => whatsapp.publish(organisationId, { type: 'agents.updated', agents_count: count }))
        .catch((error: unknown) => app.log.error({ err: error }, 'publishing agents.updated failed'));
    },
  });
  const owners = watchLinkedAccounts({
    events: whatsapp.events,
    sessions: whatsapp.sessions,
    agents,
    log: app.log,
  });
  app.decorate('ownerAgents', { settled: owners.settled });
  app.addHook('preClose', async () => {
    owners.unsubscribe();
    await owners.settled();
  });
  await app.register(agentsRoutes, { agents });
  return agents;
}

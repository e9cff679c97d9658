import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { SessionsService } from '../sessions/sessions.service';
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
  {
    db,
    clock,
    bus,
    sessions,
    audit,
  }: { db: Db; clock: Clock; bus: DeskEventBus; sessions: SessionsService; audit: AuditRecorder },
): Promise<AgentsService> {
  const agents: AgentsService = createAgentsService({
    repo: createAgentsRepository(db),
    clock,
    audit,
    onChange: (organisationId) => {
      agents
        .count(organisationId)
        .then((agentsCount) => bus.publish('agents.changed', { organisationId, agentsCount }))
        .catch((error: unknown) => app.log.error({ err: error }, 'publishing agents.updated failed'));
    },
  });
  const owners = watchLinkedAccounts({
    bus,
    sessions,
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

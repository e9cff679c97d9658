import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { SessionsService } from '../sessions/sessions.service';
import { createAgentsRepository } from './agents.repository';
import { agentsRoutes } from './agents.routes';
import { type AgentsService, createAgentsService } from './agents.service';
import { publishAgentsChanged } from './agents-changed';
import { watchLinkedAccounts } from './owner-agents';

/**
 * The /org/ agent calls, and owner agents for connected sessions. Answers the service (for the tickets) and
 * how to wait for owner agents being added (for tests, through app-internals.ts).
 */
export async function registerAgents(
  app: FastifyInstance,
  {
    db,
    clock,
    bus,
    sessions,
    audit,
  }: { db: Db; clock: Clock; bus: DeskEventBus; sessions: SessionsService; audit: AuditRecorder },
): Promise<{ agents: AgentsService; ownerAgentsSettled: () => Promise<void> }> {
  const repo = createAgentsRepository(db);
  const agents = createAgentsService({
    repo,
    clock,
    audit,
    onChange: publishAgentsChanged({ count: repo.count, bus, log: app.log }),
  });
  const owners = watchLinkedAccounts({
    bus,
    sessions,
    agents,
    log: app.log,
  });
  app.addHook('preClose', async () => {
    owners.unsubscribe();
    await owners.settled();
  });
  await app.register(agentsRoutes, { agents });
  return { agents, ownerAgentsSettled: owners.settled };
}

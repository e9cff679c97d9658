import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createInboxRepository } from './inbox.repository';
import { inboxRoutes } from './inbox.routes';
import { createInboxService, type TicketActions, type TicketChecks } from './inbox.service';

export interface RegisterInboxOptions {
  db: Db;
  /** The tickets module's single-ticket calls, which bulk changes go through. */
  actions: TicketActions;
  /** The tickets module's member and label checks. */
  checks: TicketChecks;
  /** The desk's now (demo mode's simulated clock), for the SLA filter. */
  now?: () => Date;
}

/** The inbox: its views, search, bulk changes and the customer's other tickets (decision 0021). */
export async function registerInbox(app: FastifyInstance, options: RegisterInboxOptions): Promise<void> {
  await app.register(inboxRoutes, {
    inbox: createInboxService({
      repo: createInboxRepository(options.db),
      actions: options.actions,
      checks: options.checks,
      ...(options.now ? { now: options.now } : {}),
    }),
  });
}

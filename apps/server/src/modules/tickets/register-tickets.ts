import type { Ticket } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { NotificationPoster } from '../notifications/notification-poster';
import { createLabelsRepository } from './labels.repository';
import { createLabelsService } from './labels.service';
import { createTicketMergeRepository, type TicketReplies } from './ticket-merge.repository';
import { createTicketWorkflowRepository, type TicketWorkflowRepository } from './ticket-workflow.repository';
import { ticketWorkflowRoutes } from './ticket-workflow.routes';
import { createTicketWorkflowService, type TicketWorkflowService } from './ticket-workflow.service';
import { createTicketsRepository } from './tickets.repository';
import { ticketsRoutes } from './tickets.routes';
import {
  type Actor,
  createTicketsService,
  type TicketsService,
  type TicketsServiceDeps,
} from './tickets.service';

export interface RegisterTicketsOptions {
  db: Db;
  clock: Clock;
  bus: DeskEventBus;
  audit: AuditRecorder;
  /** The replies module's desk replies, which follow their messages when tickets merge or split. */
  replies: TicketReplies;
  /** Where members are told they were assigned or mentioned (the notifications module's port). */
  notifications?: NotificationPoster;
  /** The replies module's reply states, shown on the conversation's desk replies. */
  replyStates?: TicketsServiceDeps['replyStates'];
  /** The message store's polls, shown with their votes in the conversation. */
  pollStates?: TicketsServiceDeps['pollStates'];
  slaCounts?: TicketsServiceDeps['slaCounts'];
}

/** A member closed a ticket from the desk (the status call, or the inbox's bulk close through it). */
export type ClosedListener = (actor: Actor, ticket: Ticket) => void;

/**
 * The desk: the /org/ ticket calls, the team workflow (assignee, notes, labels, merge, split). Answers the
 * single-ticket calls the inbox's bulk changes go through, and the member and label checks they start with.
 */
export async function registerTickets(
  app: FastifyInstance,
  options: RegisterTicketsOptions,
): Promise<{
  tickets: TicketsService;
  workflow: TicketWorkflowService;
  /** Whether members and labels are the organisation's, for the inbox's bulk changes. */
  checks: Pick<TicketWorkflowRepository, 'countMembers' | 'countLabels'>;
  /** Calls `listener` after a member closed a ticket (not a merge's close); answers the unsubscribe. */
  onClosed(listener: ClosedListener): () => void;
}> {
  const { db, clock, bus, audit } = options;
  const closedListeners = new Set<ClosedListener>();
  const ticketsRepository = createTicketsRepository(db);
  const ticketsService = createTicketsService({
    repo: ticketsRepository,
    clock,
    audit,
    onStatusChange: (organisationId, ticket, actor, from) => {
      bus.publish('ticket.changed', { organisationId, change: 'status', ticket });
      if (ticket.status === 'close' && from !== 'close')
        for (const listener of closedListeners) listener(actor, ticket);
    },
    ...(options.replyStates ? { replyStates: options.replyStates } : {}),
    ...(options.pollStates ? { pollStates: options.pollStates } : {}),
    ...(options.slaCounts ? { slaCounts: options.slaCounts } : {}),
  });
  await app.register(ticketsRoutes, { tickets: ticketsService });
  const workflowRepository = createTicketWorkflowRepository(db);
  const workflow = createTicketWorkflowService({
    tickets: ticketsRepository,
    repo: workflowRepository,
    merges: createTicketMergeRepository(db, options.replies),
    clock,
    audit,
    ...(options.notifications ? { notifications: options.notifications } : {}),
    onChange: (organisationId, change, ticket) =>
      bus.publish('ticket.changed', { organisationId, change, ticket }),
  });
  await app.register(ticketWorkflowRoutes, {
    workflow,
    labels: createLabelsService({ repo: createLabelsRepository(db), audit }),
  });
  const { countMembers, countLabels } = workflowRepository;
  return {
    tickets: ticketsService,
    workflow,
    checks: { countMembers, countLabels },
    onClosed(listener) {
      closedListeners.add(listener);
      return () => closedListeners.delete(listener);
    },
  };
}

import type { Ticket } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { DeskEventBus } from '../events/desk-events';
import type { ClosedListener } from '../tickets/register-tickets';
import { createReplyTargets } from '../tickets/reply-target';
import { createSatisfactionRepository } from './satisfaction.repository';
import {
  createSatisfactionService,
  type SatisfactionService,
  type SatisfactionServiceDeps,
} from './satisfaction.service';

export interface RegisterSatisfactionOptions {
  db: Db;
  bus: DeskEventBus;
  now: () => number;
  /** The tickets module's closes by members. */
  onClosed(listener: ClosedListener): () => void;
  /** The tickets module's ticket as the desk shows it, for the `ticket.changed` event. */
  ticket: (organisationId: number, ticketId: number) => Promise<Ticket>;
  sendPoll: SatisfactionServiceDeps['sendPoll'];
}

/**
 * Satisfaction polls (decision 0030): asked when a member closes a ticket, scored when the customer votes.
 * Votes arrive as `poll.updated` on the instance that stored them (this process's events only), so each
 * vote is scored once.
 */
export function registerSatisfaction(
  app: FastifyInstance,
  options: RegisterSatisfactionOptions,
): SatisfactionService {
  const { bus } = options;
  const satisfaction = createSatisfactionService({
    repo: createSatisfactionRepository(options.db),
    targets: createReplyTargets(options.db),
    sendPoll: options.sendPoll,
    now: options.now,
    async changed(organisationId, ticketId) {
      const ticket = await options.ticket(organisationId, ticketId);
      bus.publish('ticket.changed', { organisationId, change: 'satisfaction', ticket });
    },
    log: app.log,
  });
  const unsubscribeClosed = options.onClosed((actor, ticket) => satisfaction.closed(actor, ticket.id));
  const unsubscribeVotes = bus.on('poll.updated', (event) =>
    satisfaction.voted(event.sessionId, event.groupJid, event.waId),
  );
  app.addHook('preClose', async () => {
    unsubscribeClosed();
    unsubscribeVotes();
    await satisfaction.settled();
  });
  return satisfaction;
}

import type { Db } from '../../db/client';
import type { ReplyEchoes } from '../replies/reply-echoes';
import { createReplyEchoesRepository } from './reply-echoes.repository';
import { toTicket } from './ticket-mapping';
import { createTicketsRepository } from './tickets.repository';

/**
 * The tickets module's side of the replies module's ReplyEchoes port (decision 0018, reply states): undo a
 * refused reply's echo, then answer the ticket as the desk shows it (assignee's name, labels).
 */
export function createReplyEchoes(db: Db): ReplyEchoes {
  const echoes = createReplyEchoesRepository(db);
  const tickets = createTicketsRepository(db);
  return {
    async undo(reply) {
      const undone = await echoes.undo(reply);
      if (!undone) return null;
      const ticket = await tickets.find(reply.organisationId, undone.ticketId);
      return ticket ? { ticket: toTicket(ticket), undone: undone.undone } : null;
    },
  };
}

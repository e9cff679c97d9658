import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type TicketStatus, ticketMessages, tickets } from './tickets.schema';

/** What a reply from the desk needs of a ticket: where it lives and the customer message to quote. */
export interface ReplyTarget {
  ticketId: number;
  status: TicketStatus;
  sessionId: string;
  groupJid: string;
  /** WhatsApp id of the ticket's newest customer (non-business) message; null when it has none. */
  customerWaId: string | null;
}

/** Reads for replies from the desk (modules/replies); the tickets module owns these tables. */
export function createReplyTargets(db: Db) {
  return {
    async find(organisationId: number, ticketId: number): Promise<ReplyTarget | null> {
      const [ticket] = await db
        .select({
          status: tickets.status,
          sessionId: tickets.sessionId,
          groupJid: tickets.groupJid,
        })
        .from(tickets)
        .where(and(eq(tickets.organisationId, organisationId), eq(tickets.id, ticketId)));
      if (!ticket) return null;
      const [latest] = await db
        .select({ waId: ticketMessages.waId })
        .from(ticketMessages)
        .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.isBusiness, false)))
        .orderBy(desc(ticketMessages.createdAt), desc(ticketMessages.id))
        .limit(1);
      return { ticketId, ...ticket, customerWaId: latest?.waId ?? null };
    },
  };
}

export type ReplyTargets = ReturnType<typeof createReplyTargets>;

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { GroupTicketMode } from '../messages/messages.schema';
import { type TicketStatus, ticketMessages, tickets } from './tickets.schema';

/** What a reply from the desk needs of a ticket: where it lives and the customer message to quote. */
export interface ReplyTarget {
  ticketId: number;
  status: TicketStatus;
  sessionId: string;
  groupJid: string;
  /**
   * WhatsApp id of the newest message of the ticket's own customer (decision 0020: a reply never quotes
   * another customer under this one's name); of its newest customer message when none is theirs (a name
   * changed since); null when it has no customer message.
   */
  customerWaId: string | null;
  /** The group's ticket mode now; null when the desk has not stored the group. */
  groupMode: GroupTicketMode | null;
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
          customer: tickets.customer,
          customerNumber: tickets.customerNumber,
          groupMode: sql<GroupTicketMode | null>`(select g.ticket_mode from wa_groups g
            where g.session_id = ${tickets.sessionId} and g.jid = ${tickets.groupJid})`,
        })
        .from(tickets)
        .where(and(eq(tickets.organisationId, organisationId), eq(tickets.id, ticketId)));
      if (!ticket) return null;
      const { customer, customerNumber, ...where } = ticket;
      const theirs =
        customerNumber === null
          ? and(isNull(ticketMessages.sender), eq(ticketMessages.senderName, customer))
          : eq(ticketMessages.sender, customerNumber);
      const [latest] = await db
        .select({ waId: ticketMessages.waId })
        .from(ticketMessages)
        .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.isBusiness, false)))
        .orderBy(
          desc(sql`coalesce(${theirs}, false)`),
          desc(ticketMessages.createdAt),
          desc(ticketMessages.id),
        )
        .limit(1);
      return { ticketId, ...where, customerWaId: latest?.waId ?? null };
    },
  };
}

export type ReplyTargets = ReturnType<typeof createReplyTargets>;

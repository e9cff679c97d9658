import type { ConversationMessage, Ticket, TicketLabel, TicketNote } from '@wadesk/contract';
import type { TicketMessageRow, TicketNoteRow, TicketRow } from './tickets.schema';

/**
 * A ticket with what the desk shows beside its row: the assignee's name and its labels. The engine's
 * events carry a bare row (no labels: a new ticket has none, and a message never changes them).
 */
export type TicketView = TicketRow & { assigneeName?: string | null; labels?: TicketLabel[] };

export function toTicket(row: TicketView): Ticket {
  return {
    id: row.id,
    group_name: row.groupName,
    customer: row.customer,
    customer_number: row.customerNumber,
    last_message: row.lastMessage,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    first_response_at: row.firstResponseAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    session_id: row.sessionId,
    group_id: row.groupJid,
    assignee: row.assigneeId === null ? null : { id: row.assigneeId, name: row.assigneeName ?? '' },
    answered_by: row.answeredBy,
    labels: row.labels ?? [],
    customer_replied_at: row.customerRepliedAt?.toISOString() ?? null,
    follow_up_of: row.followUpOf,
    satisfaction: row.satisfactionAskedAt
      ? { asked_at: row.satisfactionAskedAt.toISOString(), score: row.satisfactionScore }
      : null,
  };
}

export function toNote(row: TicketNoteRow): TicketNote {
  return { id: row.id, author_name: row.authorName, body: row.body, created_at: row.createdAt.toISOString() };
}

export function toConversationMessage(row: TicketMessageRow): ConversationMessage {
  return {
    id: row.id,
    sender: row.sender,
    sender_name: row.senderName,
    is_business: row.isBusiness,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    wa_id: row.waId,
  };
}

import type { ConversationMessage, Ticket, TicketLabel, TicketNote } from '@wadesk/contract';
import type { ResolvedMessage } from '../messages/group-message';
import type { TicketMessageRow, TicketNoteRow, TicketRow } from './tickets.repository';

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

const MEDIA_LABELS: Partial<Record<string, string>> = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  ptt: 'Voice message',
  ptv: 'Video note',
  document: 'Document',
  sticker: 'Sticker',
  location: 'Location',
  vcard: 'Contact',
  multi_vcard: 'Contacts',
  poll_creation: 'Poll',
};

/** What a ticket shows for a message: its text, or for media without a caption a label like "[Image]". */
export function messageText(
  message: Pick<ResolvedMessage, 'body' | 'messageType' | 'hasMedia' | 'filename'>,
): string {
  const body = message.body.trim();
  if (body) return body;
  const label = MEDIA_LABELS[message.messageType] ?? (message.hasMedia ? 'Media' : 'Message');
  const name = message.messageType === 'document' && message.filename ? `: ${message.filename}` : '';
  return `[${label}${name}]`;
}

import type { ConversationMessage, Ticket } from '@wadesk/contract';
import type { ResolvedMessage } from '../groups/group-message';
import type { TicketMessageRow, TicketRow } from './tickets.repository';

export function toTicket(row: TicketRow): Ticket {
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
  };
}

export function toConversationMessage(row: TicketMessageRow): ConversationMessage {
  return {
    id: row.id,
    sender: row.sender,
    sender_name: row.senderName,
    is_business: row.isBusiness,
    message: row.message,
    created_at: row.createdAt.toISOString(),
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

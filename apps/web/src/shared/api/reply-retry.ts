import {
  type ReplyToTicketResponse,
  replyToTicketResponse,
  type SendGroupMessageResponse,
  sendGroupMessageResponse,
} from '@wadesk/contract';
import { api } from './api-client';

/**
 * Sends a reply WhatsApp refused again, as a new message (POST /org/retryReply/). Shared: a refused reply
 * shows its Retry in the ticket's conversation and in the group chat alike.
 */
export function retryReply(ticketId: number, waId: string): Promise<ReplyToTicketResponse> {
  return api.post('/org/retryReply/', { ticket_id: ticketId, wa_id: waId }, replyToTicketResponse);
}

/**
 * Sends a message the group composer wrote and WhatsApp refused again (POST /api/retryGroupMessage/,
 * decision 0024): it has no ticket, so it is named by its WhatsApp id alone.
 */
export function retryGroupMessage(waId: string): Promise<SendGroupMessageResponse> {
  return api.post('/api/retryGroupMessage/', { wa_id: waId }, sendGroupMessageResponse);
}

import { type ReplyToTicketResponse, replyToTicketResponse } from '@wadesk/contract';
import { api } from './api-client';

/**
 * Sends a reply WhatsApp refused again, as a new message (POST /org/retryReply/). Shared: a refused reply
 * shows its Retry in the ticket's conversation and in the group chat alike.
 */
export function retryReply(ticketId: number, waId: string): Promise<ReplyToTicketResponse> {
  return api.post('/org/retryReply/', { ticket_id: ticketId, wa_id: waId }, replyToTicketResponse);
}

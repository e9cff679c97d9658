import {
  type CannedRepliesResponse,
  type CannedReply,
  cannedRepliesResponse,
  cannedReply,
  type ReplyToTicketResponse,
  replyToTicketResponse,
  type SaveCannedReplyRequest,
  type SendPollRequest,
  type SendPollResponse,
  sendPollResponse,
  successMessage,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

/** Sends a reply through the ticket's linked account, quoting the customer's latest message. */
export function sendReply(ticket_id: number, text: string): Promise<ReplyToTicketResponse> {
  return api.post('/org/replyToTicket/', { ticket_id, text }, replyToTicketResponse);
}

/** Sends a poll into the ticket's group through its linked account (a desk reply quoting nothing). */
export function sendPoll(request: SendPollRequest): Promise<SendPollResponse> {
  return api.post('/org/sendPoll/', request, sendPollResponse);
}

export function fetchCannedReplies(signal?: AbortSignal): Promise<CannedRepliesResponse> {
  return api.post('/org/getCannedReplies/', {}, cannedRepliesResponse, { signal });
}

export function saveCannedReply(request: SaveCannedReplyRequest): Promise<CannedReply> {
  return api.post('/org/saveCannedReply/', request, cannedReply);
}

export async function deleteCannedReply(id: number): Promise<void> {
  await api.post('/org/deleteCannedReply/', { id }, successMessage);
}

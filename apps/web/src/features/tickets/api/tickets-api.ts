import {
  type CountsResponse,
  countsResponse,
  type TicketDetailsResponse,
  type TicketStatsResponse,
  type TicketStatus,
  type TicketsResponse,
  ticketDetailsResponse,
  ticketStatsResponse,
  ticketsResponse,
  type UpdateTicketStatusResponse,
  updateTicketStatusResponse,
} from '@wadesk/contract';
import { api } from '../../../shared/api/api-client';

/** The newest `limit` tickets (the server's default page when no limit is given). */
export function fetchTickets(limit?: number, signal?: AbortSignal): Promise<TicketsResponse> {
  return api.post('/org/getTickets/', limit ? { limit } : {}, ticketsResponse, { signal });
}

export function fetchTicketStats(signal?: AbortSignal): Promise<TicketStatsResponse> {
  return api.post('/org/getTicketStats/', {}, ticketStatsResponse, { signal });
}

export function fetchTicketDetails(ticket_id: number, signal?: AbortSignal): Promise<TicketDetailsResponse> {
  return api.post('/org/getTicketsDetails/', { ticket_id }, ticketDetailsResponse, { signal });
}

export function updateTicketStatus(
  ticket_id: number,
  status: TicketStatus,
): Promise<UpdateTicketStatusResponse> {
  return api.post('/org/updateTicketStatus/', { ticket_id, status }, updateTicketStatusResponse);
}

/** The dashboard's count cards: sessions, groups and agents. */
export function fetchCounts(signal?: AbortSignal): Promise<CountsResponse> {
  return api.post('/org/getCounts/', {}, countsResponse, { signal });
}

import {
  type CountsResponse,
  countsResponse,
  DEFAULT_TICKETS_LIMIT,
  type SlaFilter,
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
import { api } from '@/shared/api/api-client';

/** The dashboard's server-side filters: whose tickets, with which label, SLA breaching soon or breached (absent: all). */
export interface TicketListFilters {
  assignee?: 'me' | 'unassigned';
  labelId?: number;
  sla?: SlaFilter;
}

/** The newest `limit` tickets; an empty body asks for the server's default page. */
export function fetchTickets(
  limit = DEFAULT_TICKETS_LIMIT,
  signal?: AbortSignal,
  filters: TicketListFilters = {},
): Promise<TicketsResponse> {
  const body = {
    ...(limit === DEFAULT_TICKETS_LIMIT ? {} : { limit }),
    ...(filters.assignee ? { assignee: filters.assignee } : {}),
    ...(filters.labelId ? { label_id: filters.labelId } : {}),
    ...(filters.sla ? { sla: filters.sla } : {}),
  };
  return api.post('/org/getTickets/', body, ticketsResponse, { signal });
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

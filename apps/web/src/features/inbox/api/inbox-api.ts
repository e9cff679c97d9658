import {
  type BulkUpdateTicketsRequest,
  type BulkUpdateTicketsResponse,
  bulkUpdateTicketsResponse,
  type CustomerTicketsResponse,
  customerTicketsResponse,
  type InboxRequest,
  type InboxResponse,
  inboxResponse,
  type LabelsResponse,
  labelsResponse,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

/** One page of an inbox view, most recent customer activity first (POST /org/getInbox/). */
export function fetchInbox(request: InboxRequest, signal?: AbortSignal): Promise<InboxResponse> {
  return api.post('/org/getInbox/', request, inboxResponse, { signal });
}

/** The same change on several tickets; the ones it could not apply to come back in `skipped`. */
export function bulkUpdateTickets(request: BulkUpdateTicketsRequest): Promise<BulkUpdateTicketsResponse> {
  return api.post('/org/bulkUpdateTickets/', request, bulkUpdateTicketsResponse);
}

/** The other tickets of this ticket's customer, in any group (POST /org/getCustomerTickets/). */
export function fetchCustomerTickets(
  ticket_id: number,
  signal?: AbortSignal,
): Promise<CustomerTicketsResponse> {
  return api.post('/org/getCustomerTickets/', { ticket_id }, customerTicketsResponse, { signal });
}

/** The organisation's labels, for bulk labelling (the same route and cache entry as the conversation's). */
export function fetchLabels(signal?: AbortSignal): Promise<LabelsResponse> {
  return api.post('/org/getLabels/', {}, labelsResponse, { signal });
}

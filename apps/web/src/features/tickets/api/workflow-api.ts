import {
  type AddTicketNoteResponse,
  addTicketNoteResponse,
  type DeleteLabelResponse,
  deleteLabelResponse,
  type LabelsResponse,
  labelsResponse,
  type SaveLabelRequest,
  type SaveLabelResponse,
  saveLabelResponse,
  type TicketChangeResponse,
  ticketChangeResponse,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

// Working a ticket as a team: assignee, notes, labels, merge and split (POST /org/...).

export function assignTicket(ticket_id: number, assignee_id: number | null): Promise<TicketChangeResponse> {
  return api.post('/org/assignTicket/', { ticket_id, assignee_id }, ticketChangeResponse);
}

/** `mentions`: the members named in the note as "@Name", each told (sent only when there is one). */
export function addTicketNote(
  ticket_id: number,
  body: string,
  mentions: number[] = [],
): Promise<AddTicketNoteResponse> {
  return api.post(
    '/org/addTicketNote/',
    { ticket_id, body, ...(mentions.length > 0 ? { mentions } : {}) },
    addTicketNoteResponse,
  );
}

export function setTicketLabels(ticket_id: number, label_ids: number[]): Promise<TicketChangeResponse> {
  return api.post('/org/setTicketLabels/', { ticket_id, label_ids }, ticketChangeResponse);
}

export function mergeTickets(ticket_id: number, into_ticket_id: number): Promise<TicketChangeResponse> {
  return api.post('/org/mergeTickets/', { ticket_id, into_ticket_id }, ticketChangeResponse);
}

export function splitTicket(ticket_id: number, from_message_id: number): Promise<TicketChangeResponse> {
  return api.post('/org/splitTicket/', { ticket_id, from_message_id }, ticketChangeResponse);
}

export function fetchLabels(signal?: AbortSignal): Promise<LabelsResponse> {
  return api.post('/org/getLabels/', {}, labelsResponse, { signal });
}

export function saveLabel(body: SaveLabelRequest): Promise<SaveLabelResponse> {
  return api.post('/org/saveLabel/', body, saveLabelResponse);
}

export function deleteLabel(label_id: number): Promise<DeleteLabelResponse> {
  return api.post('/org/deleteLabel/', { label_id }, deleteLabelResponse);
}

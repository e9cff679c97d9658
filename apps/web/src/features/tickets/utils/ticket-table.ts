import type { Ticket, TicketStatus } from '@wadesk/contract';
import type { TicketListFilters } from '@/features/tickets/api/tickets-api';
import { type CsvColumn, csvDateTime } from '@/shared/csv/to-csv';
import { truncate } from '@/shared/format/format';
import type { FilterOption } from '@/shared/table/checkbox-filter';
import { secondsBetween } from './duration';

/** The labels of the four statuses, in the dropdown's and the filter's order (pending: waiting on the customer). */
export const TICKET_STATUSES: readonly FilterOption<TicketStatus>[] = [
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'pending', label: 'Pending' },
  { value: 'close', label: 'Closed' },
];

export const ALL_TICKET_STATUSES: TicketStatus[] = TICKET_STATUSES.map((option) => option.value);

export const statusLabel = (status: TicketStatus) =>
  TICKET_STATUSES.find((option) => option.value === status)?.label ?? status;

/** How often the dashboard polls the tickets and their stats (events update them in between). */
export const TICKET_POLL_MS = 5000;

/** Last Message column: the first 25 characters, then "...". */
export const LAST_MESSAGE_PREVIEW = 25;
export const lastMessagePreview = (text: string) => truncate(text, LAST_MESSAGE_PREVIEW);

/** The status checkboxes: a ticket shows when the box of its status is ticked. */
export function filterTickets(tickets: readonly Ticket[], statuses: readonly TicketStatus[]): Ticket[] {
  return tickets.filter((ticket) => statuses.includes(ticket.status));
}

/**
 * A ticket from the ticket engine's events keeps the labels and the assignee's name shown: the engine
 * never changes them and does not send them.
 */
export function withShownDetails(changed: Ticket, shown: Ticket | undefined): Ticket {
  if (!shown) return changed;
  const sameAssignee =
    changed.assignee && !changed.assignee.name && shown.assignee?.id === changed.assignee.id;
  return { ...changed, labels: shown.labels, assignee: sameAssignee ? shown.assignee : changed.assignee };
}

/**
 * Whether the server's filters let a ticket into a list (`meId`: the signed-in member). A ticket event does not
 * carry the SLA clocks: in a list filtered by SLA, a ticket stays where it is listed (unless closed, which
 * stops its clocks) and one not listed is left to the next fetch (`listed`: the list holds it).
 */
export function passesListFilters(
  ticket: Ticket,
  filters: TicketListFilters,
  meId: number | null,
  listed = false,
): boolean {
  if (filters.sla !== undefined && (!listed || ticket.status === 'close')) return false;
  if (filters.assignee === 'me' && (meId === null || ticket.assignee?.id !== meId)) return false;
  if (filters.assignee === 'unassigned' && ticket.assignee !== null) return false;
  if (filters.labelId !== undefined && !ticket.labels.some((label) => label.id === filters.labelId))
    return false;
  return true;
}

/** "Assigned to me / Unassigned / Everyone": the server filters (the list holds only those). */
export const ASSIGNEE_FILTERS = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'me', label: 'Assigned to me' },
  { value: 'unassigned', label: 'Unassigned' },
] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number]['value'];

/** The Assignee column: a member, "Answered by <agent>" for a reply from an unlinked phone, or "Unassigned". */
export function assigneeText(ticket: Ticket): { text: string; muted: boolean } {
  if (ticket.assignee) return { text: ticket.assignee.name || 'A member', muted: false };
  if (ticket.answered_by) return { text: `Answered by ${ticket.answered_by}`, muted: true };
  return { text: 'Unassigned', muted: true };
}

/** "Download as CSV" of the tickets shown: whole texts and spreadsheet-friendly times. */
export const TICKET_CSV_COLUMNS: readonly CsvColumn<Ticket>[] = [
  { header: 'Ticket ID', value: (ticket) => ticket.id },
  { header: 'Group Name', value: (ticket) => ticket.group_name },
  { header: 'Customer', value: (ticket) => ticket.customer },
  { header: 'Customer Number', value: (ticket) => ticket.customer_number },
  { header: 'Last Message', value: (ticket) => ticket.last_message },
  { header: 'Status', value: (ticket) => statusLabel(ticket.status) },
  { header: 'Start Time', value: (ticket) => csvDateTime(ticket.created_at) },
  { header: 'Last Message Time', value: (ticket) => csvDateTime(ticket.updated_at) },
  { header: 'First Response Time', value: (ticket) => csvDateTime(ticket.first_response_at) },
  { header: 'Closed Time', value: (ticket) => csvDateTime(ticket.closed_at) },
  {
    header: 'First Response (seconds)',
    value: (ticket) => secondsBetween(ticket.created_at, ticket.first_response_at),
  },
  { header: 'Resolution (seconds)', value: (ticket) => secondsBetween(ticket.created_at, ticket.closed_at) },
  // After the original columns, so that spreadsheets built on them keep working.
  { header: 'Assignee', value: (ticket) => ticket.assignee?.name ?? '' },
  { header: 'Answered By', value: (ticket) => ticket.answered_by ?? '' },
  { header: 'Labels', value: (ticket) => ticket.labels.map((label) => label.name).join(', ') },
];

import type { Ticket } from '@wadesk/contract';

/**
 * Open tickets with no business reply `minutes` or more after they opened. A pending ticket (waiting on
 * the customer) or one in progress is never unanswered (decision 0020).
 */
export function dueUnanswered(tickets: readonly Ticket[], minutes: number, now: number): Ticket[] {
  const limit = minutes * 60_000;
  return tickets.filter(
    (ticket) =>
      ticket.status === 'open' &&
      ticket.first_response_at === null &&
      now - new Date(ticket.created_at).getTime() >= limit,
  );
}

/** "30 min", "2 h", "1 h 30 min", "1 day", "2 days 3 h". */
export function formatMinutes(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? `${days} ${days === 1 ? 'day' : 'days'}` : '',
    hours ? `${hours} h` : '',
    rest ? `${rest} min` : '',
  ].filter(Boolean);
  return parts.join(' ') || '0 min';
}

export const newTicketText = (ticket: Pick<Ticket, 'customer' | 'group_name'>) =>
  `New ticket from ${ticket.customer} in ${ticket.group_name}`;

export const reopenedText = (ticket: Pick<Ticket, 'id' | 'customer'>) =>
  `Ticket #${ticket.id} reopened: ${ticket.customer} wrote again`;

export const unansweredText = (ticket: Pick<Ticket, 'id' | 'customer'>, minutes: number) =>
  `Ticket #${ticket.id} from ${ticket.customer} unanswered for ${formatMinutes(minutes)}`;

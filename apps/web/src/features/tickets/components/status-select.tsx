import type { Ticket, TicketStatus } from '@wadesk/contract';
import { TICKET_STATUSES } from '@/features/tickets/utils/ticket-table';

const tones: Record<TicketStatus, string> = {
  open: 'border-amber-300 bg-amber-50 text-amber-900',
  in_progress: 'border-sky-300 bg-sky-50 text-sky-900',
  pending: 'border-violet-300 bg-violet-50 text-violet-900',
  close: 'border-slate-300 bg-slate-100 text-slate-700',
};

interface StatusSelectProps {
  ticket: Ticket;
  onChange: (ticket: Ticket, status: TicketStatus) => void;
  busy?: boolean;
}

/** Open / In Progress / Pending / Closed; a choice is sent at once. */
export function StatusSelect({ ticket, onChange, busy }: StatusSelectProps) {
  return (
    <select
      aria-label={`Status of the ticket of ${ticket.customer}`}
      value={ticket.status}
      aria-busy={busy || undefined}
      onChange={(event) => onChange(ticket, event.target.value as TicketStatus)}
      className={`h-8 rounded-lg border pr-7 pl-2.5 text-sm font-semibold focus:ring-4 focus:ring-brand-100 focus:outline-none ${tones[ticket.status]} ${busy ? 'opacity-70' : ''}`}
    >
      {TICKET_STATUSES.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

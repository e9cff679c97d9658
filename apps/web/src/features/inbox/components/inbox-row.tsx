import type { InboxTicket } from '@wadesk/contract';
import { TICKET_STATUS_LABELS } from '@wadesk/contract';
import { waitingLabel } from '@/features/inbox/utils/inbox-list';
import type { SlaClocks } from '@/shared/api/use-sla-clocks';
import { formatNameOrPhone } from '@/shared/format/phone';
import { SatisfactionBadge } from '@/shared/ui/satisfaction-badge';
import { TicketSlaBadge } from '@/shared/ui/sla-clock-badge';

const STATUS_TONES: Record<InboxTicket['status'], string> = {
  open: 'bg-amber-50 text-amber-900 ring-amber-200',
  in_progress: 'bg-sky-50 text-sky-900 ring-sky-200',
  pending: 'bg-violet-50 text-violet-900 ring-violet-200',
  close: 'bg-slate-100 text-slate-700 ring-slate-200',
};

interface InboxRowProps {
  ticket: InboxTicket;
  open: boolean;
  checked: boolean;
  now: number;
  /** The shown tickets' SLA clocks: the row shows its ticket's most urgent running one. */
  sla: SlaClocks;
  onOpen: () => void;
  onCheck: (checked: boolean) => void;
}

/**
 * A ticket in the inbox: who, where, the last message, its state, how long the customer has waited and its
 * most urgent SLA clock, and the customer's rating once a satisfaction poll was sent.
 */
export function InboxRow({ ticket, open, checked, now, sla, onOpen, onCheck }: InboxRowProps) {
  const customer = formatNameOrPhone(ticket.customer);
  const waiting = waitingLabel(ticket.waiting_since, now);
  return (
    <li
      data-ticket-id={ticket.id}
      className={`flex items-start gap-2 border-b border-slate-100 px-3 py-2.5 ${open ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheck(event.target.checked)}
        aria-label={`Select ticket #${ticket.id} of ${customer}`}
        className="mt-1 size-4 shrink-0 accent-brand-700"
      />
      <button
        type="button"
        aria-current={open ? 'true' : undefined}
        onClick={onOpen}
        className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{customer}</span>
          <span className="shrink-0 text-xs text-slate-500 tabular-nums">#{ticket.id}</span>
        </span>
        <span className="block truncate text-xs text-slate-600">{ticket.group_name}</span>
        <span className="mt-0.5 block truncate text-sm text-slate-700">{ticket.last_message}</span>
        <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
          <span className={`rounded-full px-2 py-0.5 font-medium ring-1 ${STATUS_TONES[ticket.status]}`}>
            {TICKET_STATUS_LABELS[ticket.status]}
          </span>
          {ticket.customer_replied_at ? (
            <span className="rounded-full bg-violet-700 px-2 py-0.5 font-medium text-white">
              Customer replied
            </span>
          ) : null}
          <span className="truncate text-slate-600">{ticket.assignee?.name ?? 'Unassigned'}</span>
          {waiting ? <span className="font-medium text-amber-800">· {waiting}</span> : null}
        </span>
        <span className="mt-1 flex flex-wrap gap-1 empty:hidden">
          <TicketSlaBadge clocks={sla.of(ticket.id)} now={sla.now} />
          <SatisfactionBadge satisfaction={ticket.satisfaction} />
        </span>
      </button>
    </li>
  );
}

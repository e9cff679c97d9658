import type { Ticket, TicketStatus } from '@wadesk/contract';
import { MessagesSquareIcon } from 'lucide-react';
import { lastMessagePreview } from '@/features/tickets/utils/ticket-table';
import type { SlaClocks } from '@/shared/api/use-sla-clocks';
import { formatDateTime } from '@/shared/format/format';
import { formatNameOrPhone, formatPhone } from '@/shared/format/phone';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/hooks/use-media-query';
import { Button } from '@/shared/ui/button';
import { SatisfactionBadge } from '@/shared/ui/satisfaction-badge';
import { TicketSlaBadge } from '@/shared/ui/sla-clock-badge';
import { AssigneeCell } from './assignee-cell';
import { LabelChips } from './label-chips';
import { StatusSelect } from './status-select';

interface TicketsTableProps {
  tickets: Ticket[];
  onOpen: (ticket: Ticket) => void;
  onStatusChange: (ticket: Ticket, status: TicketStatus) => void;
  /** Tickets whose status update is in flight. */
  updating: ReadonlySet<number>;
  meId: number | null;
  onTake: (ticket: Ticket) => void;
  /** Tickets being taken. */
  taking: ReadonlySet<number>;
  /** The rows' SLA clocks: each row shows its most urgent running one under its status. */
  clocks: SlaClocks;
}

function OpenButton({ ticket, onOpen }: { ticket: Ticket; onOpen: (ticket: Ticket) => void }) {
  return (
    <Button
      variant="secondary"
      size="md"
      icon={<MessagesSquareIcon className="size-4" />}
      onClick={() => onOpen(ticket)}
      aria-label={`Open the conversation with ${ticket.customer}`}
    >
      Open
    </Button>
  );
}

function Customer({ ticket }: { ticket: Ticket }) {
  return (
    <>
      <span className="block font-medium break-words text-slate-900">
        {formatNameOrPhone(ticket.customer)}
      </span>
      {ticket.customer_number && ticket.customer_number !== ticket.customer ? (
        <span className="block text-xs whitespace-nowrap text-slate-500 tabular-nums">
          {formatPhone(ticket.customer_number)}
        </span>
      ) : null}
      <LabelChips labels={ticket.labels} />
    </>
  );
}

/** "1 Mar 2024, 02:07 pm" on two lines (date, then time) so that the table fits beside the menu. */
function When({ value }: { value: string }) {
  const text = formatDateTime(value);
  const cut = text.lastIndexOf(', ');
  if (cut === -1) return <time dateTime={value}>{text}</time>;
  return (
    <time dateTime={value} className="block whitespace-nowrap">
      <span className="block text-slate-700">{text.slice(0, cut)}</span>
      <span className="sr-only">, </span>
      <span className="block text-xs text-slate-500">{text.slice(cut + 2)}</span>
    </time>
  );
}

const th =
  'px-2 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-5 last:pr-5';
const td = 'px-2 py-3 align-middle first:pl-5 last:pr-5';

/** The tickets as a table on larger screens and as cards on phones. */
export function TicketsTable(props: TicketsTableProps) {
  const { tickets, onOpen, onStatusChange, updating, meId, onTake, taking, clocks } = props;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const assignee = (ticket: Ticket) => (
    <AssigneeCell ticket={ticket} meId={meId} onTake={onTake} busy={taking.has(ticket.id)} />
  );
  // The SLA clock and, once a poll was sent at its close, the customer's rating: nothing when neither.
  const badges = (ticket: Ticket) => (
    <>
      <TicketSlaBadge clocks={clocks.of(ticket.id)} now={clocks.now} />
      <SatisfactionBadge satisfaction={ticket.satisfaction} />
    </>
  );
  if (mobile) {
    return (
      <ul className="divide-y divide-slate-100" aria-label="Tickets">
        {tickets.map((ticket) => (
          <li key={ticket.id} data-ticket-id={ticket.id} className="space-y-3 px-4 py-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
                  {ticket.group_name}
                </p>
                <Customer ticket={ticket} />
              </div>
              <StatusSelect ticket={ticket} onChange={onStatusChange} busy={updating.has(ticket.id)} />
            </div>
            <p
              className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700"
              title={ticket.last_message}
            >
              {lastMessagePreview(ticket.last_message)}
            </p>
            <div className="flex flex-wrap gap-1.5 empty:hidden">{badges(ticket)}</div>
            <div className="text-sm">{assignee(ticket)}</div>
            <div className="flex items-end justify-between gap-3">
              <dl className="grid grid-cols-2 gap-x-4 text-xs text-slate-500">
                <dt className="font-medium text-slate-500 uppercase">Start</dt>
                <dt className="font-medium text-slate-500 uppercase">Last message</dt>
                <dd className="tabular-nums">{formatDateTime(ticket.created_at)}</dd>
                <dd className="tabular-nums">{formatDateTime(ticket.updated_at)}</dd>
              </dl>
              <OpenButton ticket={ticket} onOpen={onOpen} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th className={th}>Group Name</th>
            <th className={th}>Customer</th>
            <th className={th}>Last Message</th>
            <th className={th}>Start Time</th>
            <th className={th}>Last Message Time</th>
            <th className={th}>Assignee</th>
            <th className={th}>Link</th>
            <th className={th}>Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {tickets.map((ticket) => (
            <tr key={ticket.id} data-ticket-id={ticket.id} className="hover:bg-slate-50/60">
              <td className={`${td} max-w-44 font-semibold break-words text-slate-900`}>
                {ticket.group_name}
              </td>
              <td className={`${td} max-w-44`}>
                <Customer ticket={ticket} />
              </td>
              <td
                className={`${td} max-w-48 min-w-36 break-words text-slate-700`}
                title={ticket.last_message}
              >
                {lastMessagePreview(ticket.last_message)}
              </td>
              <td className={`${td} tabular-nums`}>
                <When value={ticket.created_at} />
              </td>
              <td className={`${td} tabular-nums`}>
                <When value={ticket.updated_at} />
              </td>
              <td className={`${td} max-w-32`}>{assignee(ticket)}</td>
              <td className={td}>
                <OpenButton ticket={ticket} onOpen={onOpen} />
              </td>
              <td className={`${td} max-w-44`}>
                <StatusSelect ticket={ticket} onChange={onStatusChange} busy={updating.has(ticket.id)} />
                <div className="mt-1.5 flex flex-wrap gap-1 empty:hidden">{badges(ticket)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

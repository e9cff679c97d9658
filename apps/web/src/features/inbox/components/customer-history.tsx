import { useQuery } from '@tanstack/react-query';
import { TICKET_STATUS_LABELS } from '@wadesk/contract';
import { customerTicketsQuery } from '@/features/inbox/api/inbox-queries';
import { formatDateTime } from '@/shared/format/format';

/** The customer's other tickets, in any group, newest first; choosing one opens it. */
export function CustomerHistory({ ticketId, onOpen }: { ticketId: number; onOpen: (id: number) => void }) {
  const history = useQuery(customerTicketsQuery(ticketId));
  const others = (history.data ?? []).filter((ticket) => ticket.id !== ticketId);
  return (
    <section aria-labelledby="customer-history" className="space-y-2">
      <h3 id="customer-history" className="text-sm font-semibold text-slate-800">
        Customer history
      </h3>
      {history.isPending ? (
        <p className="text-sm text-slate-500">Loading their other tickets…</p>
      ) : history.isError ? (
        <p className="text-sm text-red-700">
          Their other tickets could not be loaded. Open the ticket again to retry.
        </p>
      ) : others.length === 0 ? (
        <p className="text-sm text-slate-500">No other tickets from this customer.</p>
      ) : (
        <ul className="space-y-1">
          {others.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                onClick={() => onOpen(ticket.id)}
                className="w-full rounded-lg border border-slate-200 px-2.5 py-1.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="flex items-baseline justify-between gap-2 text-xs">
                  <span className="font-semibold text-slate-800">#{ticket.id}</span>
                  <span className="text-slate-600">{TICKET_STATUS_LABELS[ticket.status]}</span>
                </span>
                <span className="block truncate text-xs text-slate-600">
                  {ticket.group_name} · {formatDateTime(ticket.created_at)}
                </span>
                <span className="block truncate text-sm text-slate-700">{ticket.last_message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

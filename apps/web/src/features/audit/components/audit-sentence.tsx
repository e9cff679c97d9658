import type { AuditLogEntry } from '@wadesk/contract';
import { Link } from 'react-router';
import { auditSentence } from '@/features/audit/utils/audit-sentence';
import { ticketPath } from '@/shared/hooks/use-open-ticket';

/** Where a ticket named in the log opens: its conversation in the inbox. */
export const auditTicketPath = ticketPath;

/** What an entry says happened, as a sentence; the tickets it names link to them. */
export function AuditSentence({ entry }: { entry: AuditLogEntry }) {
  return (
    <>
      {auditSentence(entry).map((part, index) => {
        if (typeof part === 'string') return part;
        // The parts of one sentence never reorder: their place is their identity.
        const key = index;
        if ('strong' in part)
          return (
            <strong key={key} className="font-semibold break-words text-slate-900">
              {part.strong}
            </strong>
          );
        return (
          <Link
            key={key}
            to={auditTicketPath(part.ticket)}
            className="font-semibold whitespace-nowrap text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
          >
            Ticket #{part.ticket}
          </Link>
        );
      })}
    </>
  );
}

import type { Ticket } from '@wadesk/contract';
import { HandIcon } from 'lucide-react';
import { assigneeText } from '@/features/tickets/utils/ticket-table';
import { Button } from '@/shared/ui/button';

interface AssigneeCellProps {
  ticket: Ticket;
  /** The signed-in member's id: their own ticket offers no "Take". */
  meId: number | null;
  onTake: (ticket: Ticket) => void;
  busy: boolean;
}

/** Who works the ticket, and "Take" for anyone else's or nobody's. */
export function AssigneeCell({ ticket, meId, onTake, busy }: AssigneeCellProps) {
  const { text, muted } = assigneeText(ticket);
  const mine = meId !== null && ticket.assignee?.id === meId;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span
        data-testid="assignee"
        className={`break-words ${muted ? 'text-slate-500 italic' : 'font-medium text-slate-800'}`}
      >
        {mine ? `${text} (you)` : text}
      </span>
      {mine || meId === null ? null : (
        <Button
          variant="ghost"
          size="md"
          className="-ml-2 px-2 text-brand-700"
          icon={<HandIcon className="size-4" />}
          busy={busy}
          onClick={() => onTake(ticket)}
          aria-label={`Take the ticket of ${ticket.customer}`}
        >
          Take
        </Button>
      )}
    </div>
  );
}

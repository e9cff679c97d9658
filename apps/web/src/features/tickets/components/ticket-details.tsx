import type { Ticket, TicketStatus } from '@wadesk/contract';
import { useUpdateTicketStatus } from '@/features/tickets/api/tickets-queries';
import { isApiError } from '@/shared/api/api-error';
import { toast } from '@/shared/ui/toast';
import { StatusSelect } from './status-select';
import { TicketFacts } from './ticket-conversation';
import { TicketWorkBar } from './ticket-work-bar';

interface TicketDetailsProps {
  ticket: Ticket;
  /** Tickets the screen holds: another ticket of the same group can be merged into. */
  tickets: readonly Ticket[];
  onOpenTicket: (id: number) => void;
}

/**
 * What the inbox shows beside the conversation: the status, the customer and group, the times, the
 * assignee, labels, merge and the way to the group's chat (the dashboard's modal shows the same above the
 * messages).
 */
export function TicketDetails({ ticket, tickets, onOpenTicket }: TicketDetailsProps) {
  const update = useUpdateTicketStatus();
  const change = (current: Ticket, status: TicketStatus) => {
    if (status === current.status) return;
    update.mutate(
      { ticketId: current.id, status },
      {
        // A refusal the server explains (a second active ticket of the group) is shown in its words.
        onError: (error) =>
          toast.error(
            isApiError(error) && error.fromServer
              ? error.message
              : 'The status could not be changed. Try again.',
          ),
      },
    );
  };
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2 text-sm">
        <span className="font-medium text-slate-600">Status</span>
        <StatusSelect ticket={ticket} onChange={change} busy={update.isPending} />
      </div>
      <TicketFacts ticket={ticket} onOpenTicket={onOpenTicket} narrow />
      <TicketWorkBar ticket={ticket} tickets={tickets} firstWaId={undefined} onOpenTicket={onOpenTicket} />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Ticket } from '@wadesk/contract';
import { ticketDetailsQuery } from '@/features/tickets/api/tickets-queries';
import { errorMessage } from '@/shared/api/api-error';
import { Spinner } from '@/shared/ui/spinner';
import { TicketConversation } from './ticket-conversation';
import { TicketDetails } from './ticket-details';

// The conversation and the details as panes of another screen (the inbox): given a ticket's id and, when the
// screen's list holds it, the ticket; one it does not hold (a deep link, the customer's history) is loaded.

export interface TicketPaneProps {
  ticketId: number;
  known: Ticket | null;
  tickets: readonly Ticket[];
  onOpenTicket: (id: number) => void;
}

/** The ticket as the conversation's answer has it, else as the list has it. */
function useTicket(ticketId: number, known: Ticket | null) {
  const details = useQuery({ ...ticketDetailsQuery(ticketId), gcTime: 0 });
  const ticket = details.data?.ticket ?? known;
  return { ticket, failed: details.isError && ticket === null, error: details.error };
}

function Pending({ failed, error }: { failed: boolean; error: unknown }) {
  if (failed)
    return (
      <p className="py-8 text-center text-sm text-red-700">
        {errorMessage(error, 'The ticket could not be loaded. Choose it again from the list.')}
      </p>
    );
  return (
    <div className="flex justify-center py-10 text-brand-700">
      <Spinner className="size-7" label="Loading the ticket" />
    </div>
  );
}

export function TicketConversationPane({ ticketId, known, tickets, onOpenTicket }: TicketPaneProps) {
  const { ticket, failed, error } = useTicket(ticketId, known);
  if (!ticket) return <Pending failed={failed} error={error} />;
  return (
    <TicketConversation ticket={ticket} tickets={tickets} onOpenTicket={onOpenTicket} withDetails={false} />
  );
}

export function TicketDetailsPane({ ticketId, known, tickets, onOpenTicket }: TicketPaneProps) {
  const { ticket, failed, error } = useTicket(ticketId, known);
  if (!ticket) return <Pending failed={failed} error={error} />;
  return <TicketDetails ticket={ticket} tickets={tickets} onOpenTicket={onOpenTicket} />;
}

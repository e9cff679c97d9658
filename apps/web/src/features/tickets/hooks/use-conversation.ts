import type { Ticket, TicketDetailsResponse } from '@wadesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useEventStream } from '../../../shared/events/use-event-stream';
import { toast } from '../../../shared/ui/toast';
import { fetchTicketDetails } from '../api/tickets-api';

export const CONVERSATION_MESSAGES = {
  fetched: 'Successfully fetched conversation',
  unknown: 'An unknown error occurred',
} as const;

type ConversationState =
  | { status: 'loading' }
  | { status: 'ready'; details: TicketDetailsResponse }
  | { status: 'error'; message: string };

/**
 * The conversation of the ticket shown in the modal (POST /org/getTicketsDetails/). The first load
 * toasts its outcome as the spec says; a message joining the ticket later reloads it quietly.
 */
export function useConversation(ticket: Ticket | null) {
  const [state, setState] = useState<ConversationState>({ status: 'loading' });
  const latest = useRef(0);
  const ticketId = ticket?.id ?? null;

  const load = useCallback(async (id: number, announce: boolean) => {
    const call = ++latest.current;
    try {
      const details = await fetchTicketDetails(id);
      if (call !== latest.current) return;
      setState({ status: 'ready', details });
      if (announce) toast.success(CONVERSATION_MESSAGES.fetched);
    } catch (error) {
      if (call !== latest.current) return;
      const message = error instanceof Error && error.message ? error.message : CONVERSATION_MESSAGES.unknown;
      if (announce) {
        setState({ status: 'error', message });
        toast.error(message);
      } else console.error('The conversation could not be reloaded', error);
    }
  }, []);

  useEffect(() => {
    if (ticketId === null) return;
    setState({ status: 'loading' });
    void load(ticketId, true);
    return () => {
      latest.current++;
    };
  }, [ticketId, load]);

  useEventStream((event) => {
    if (ticketId === null) return;
    if (event.type === 'ticket.updated' && event.ticket.id === ticketId) void load(ticketId, false);
    else if (event.type === 'ready') void load(ticketId, false);
  }, ticketId !== null);

  return state;
}

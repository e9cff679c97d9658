import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Ticket, TicketDetailsResponse } from '@wadesk/contract';
import { useEffect, useRef } from 'react';
import { ticketDetailsQuery, ticketKeys } from '@/features/tickets/api/tickets-queries';
import { useEventStream } from '@/shared/events/use-event-stream';
import { toast } from '@/shared/ui/toast';

export const CONVERSATION_MESSAGES = {
  unknown: 'An unknown error occurred',
} as const;

type ConversationState =
  | { status: 'loading' }
  | { status: 'ready'; details: TicketDetailsResponse }
  | { status: 'error'; message: string };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : CONVERSATION_MESSAGES.unknown;

/**
 * The conversation of the ticket shown in the modal (POST /org/getTicketsDetails/). A failed first load
 * toasts the error; a successful one is quiet, since the conversation itself shows it
 * worked (no "Successfully fetched conversation" toast). A message joining the
 * ticket later reloads it quietly.
 */
export function useConversation(ticket: Ticket | null): ConversationState {
  const queryClient = useQueryClient();
  const ticketId = ticket?.id ?? null;
  const query = useQuery({
    ...ticketDetailsQuery(ticketId ?? 0),
    enabled: ticketId !== null,
    // Dropped once the modal closes: opening it again loads (and announces) the conversation afresh.
    gcTime: 0,
  });

  // The ticket whose first load was announced; later loads of it are quiet.
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (ticketId === null || query.isPending) return;
    if (announced.current === ticketId) {
      if (query.isError) console.error('The conversation could not be reloaded', query.error);
      return;
    }
    announced.current = ticketId;
    if (query.isError) toast.error(messageOf(query.error));
  }, [ticketId, query.isPending, query.isError, query.error]);
  useEffect(() => {
    if (ticketId === null) announced.current = null;
  }, [ticketId]);

  useEventStream((event) => {
    if (ticketId === null) return;
    if ((event.type === 'ticket.updated' && event.ticket.id === ticketId) || event.type === 'ready')
      void queryClient.invalidateQueries({ queryKey: ticketKeys.details(ticketId) });
  }, ticketId !== null);

  if (query.data) return { status: 'ready', details: query.data };
  if (query.isError) return { status: 'error', message: messageOf(query.error) };
  return { status: 'loading' };
}

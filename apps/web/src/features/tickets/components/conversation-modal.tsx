import type { Ticket } from '@wadesk/contract';
import { useState } from 'react';
import { useAuth } from '@/shared/account/auth-context';
import { formatNameOrPhone } from '@/shared/format/phone';
import { replyDrafts, unsentReplies } from '@/shared/storage/reply-drafts';
import { Dialog } from '@/shared/ui/dialog';
import { DiscardReplyDialog } from '@/shared/ui/discard-reply-dialog';
import { TicketConversation } from './ticket-conversation';

interface ConversationModalProps {
  ticket: Ticket | null;
  /** The dashboard's tickets: another ticket of the same group can be merged into. */
  tickets?: readonly Ticket[];
  /** Shows another ticket in the modal (the one a ticket was merged into). */
  onOpenTicket?: (id: number) => void;
  onClose: () => void;
}

/**
 * The dashboard's conversation (TicketConversation) in a dialog, the customer's name at the top. Closing it
 * (Escape, the close button, a click outside) with a typed reply asks first: the reply is kept as the
 * ticket's draft or discarded, never lost silently.
 */
export function ConversationModal({ ticket, tickets, onOpenTicket, onClose }: ConversationModalProps) {
  const meId = useAuth().user?.id ?? 0;
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (ticket && unsentReplies.has(ticket.id)) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Dialog
        open={ticket !== null}
        onClose={close}
        title={ticket ? formatNameOrPhone(ticket.customer) : ''}
        size="max-w-2xl"
      >
        {ticket ? (
          <TicketConversation
            ticket={ticket}
            {...(tickets ? { tickets } : {})}
            {...(onOpenTicket ? { onOpenTicket } : {})}
          />
        ) : null}
      </Dialog>
      <DiscardReplyDialog
        open={asking && ticket !== null}
        onStay={() => setAsking(false)}
        onKeep={() => {
          setAsking(false);
          onClose();
        }}
        onDiscard={() => {
          if (ticket) replyDrafts.clear(meId, ticket.id);
          setAsking(false);
          onClose();
        }}
      />
    </>
  );
}

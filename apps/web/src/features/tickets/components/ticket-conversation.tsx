import type { ConversationMessage, PollState, ReplyState, Ticket } from '@wadesk/contract';
import { ScissorsIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { splitTicket } from '@/features/tickets/api/workflow-api';
import { useTicketChange } from '@/features/tickets/api/workflow-queries';
import { useConversation } from '@/features/tickets/hooks/use-conversation';
import { formatDuration, secondsBetween } from '@/features/tickets/utils/duration';
import { statusLabel } from '@/features/tickets/utils/ticket-table';
import { errorMessage } from '@/shared/api/api-error';
import { useLivePolls } from '@/shared/events/use-live-polls';
import { useLiveReplyStates } from '@/shared/events/use-live-reply-states';
import { formatDateTime } from '@/shared/format/format';
import { formatNameOrPhone, formatPhone } from '@/shared/format/phone';
import { satisfactionSummary } from '@/shared/format/satisfaction';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Poll } from '@/shared/ui/poll';
import { ReplyStatus } from '@/shared/ui/reply-status';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/toast';
import { ReplyBox } from './reply-box';
import { TicketNotes } from './ticket-notes';
import { TicketSlaClocks } from './ticket-sla-clocks';
import { TicketWorkBar } from './ticket-work-bar';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm font-semibold text-slate-800 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function TicketFacts({
  ticket,
  onOpenTicket,
  narrow = false,
}: {
  ticket: Ticket;
  onOpenTicket: (id: number) => void;
  /** In a narrow pane: two columns at every width. */
  narrow?: boolean;
}) {
  const firstResponse = secondsBetween(ticket.created_at, ticket.first_response_at);
  const resolution = secondsBetween(ticket.created_at, ticket.closed_at);
  const followUpOf = ticket.follow_up_of;
  return (
    <div className="space-y-3 border-b border-slate-200 pb-4">
      <p className="text-sm text-slate-600">
        <span className="font-semibold text-slate-800">{ticket.group_name}</span>
        {ticket.customer_number ? (
          <>
            {' '}
            · <span className="whitespace-nowrap">{formatPhone(ticket.customer_number)}</span>
          </>
        ) : null}{' '}
        · <span data-testid="conversation-status">{statusLabel(ticket.status)}</span>
        {ticket.customer_replied_at ? (
          <>
            {' '}
            · <span className="font-medium text-violet-800">Customer replied</span>
          </>
        ) : null}
        {ticket.satisfaction ? (
          <>
            {' '}
            ·{' '}
            <span
              data-testid="conversation-satisfaction"
              className={ticket.satisfaction.score === null ? 'text-slate-600' : 'font-medium text-slate-800'}
            >
              {satisfactionSummary(ticket.satisfaction, Date.now())}
            </span>
          </>
        ) : null}
        {followUpOf !== null ? (
          <>
            {' '}
            ·{' '}
            <button
              type="button"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => onOpenTicket(followUpOf)}
            >
              Follow-up of #{followUpOf}
            </button>
          </>
        ) : null}
      </p>
      <dl className={`grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 ${narrow ? '' : 'sm:grid-cols-3'}`}>
        <Fact label="Opened" value={formatDateTime(ticket.created_at)} />
        <Fact
          label="First response"
          testId="first-response"
          value={firstResponse === null ? 'Awaiting a reply' : `in ${formatDuration(firstResponse)}`}
        />
        <Fact
          label="Resolution"
          testId="resolution"
          value={resolution === null ? 'Not closed yet' : `in ${formatDuration(resolution)}`}
        />
      </dl>
      <TicketSlaClocks ticketId={ticket.id} />
    </div>
  );
}

function Bubble({
  message,
  reply,
  poll,
  onSplit,
}: {
  message: ConversationMessage;
  /** A reply sent from the desk: its ticks, or why WhatsApp refused it (with Retry). */
  reply: ReplyState | null;
  /** A poll's question, options and counts (the latest heard); null shows the message as text. */
  poll: PollState | null;
  onSplit?: (() => void) | undefined;
}) {
  const right = message.is_business;
  return (
    <li
      data-side={right ? 'right' : 'left'}
      data-wa-id={message.wa_id}
      className={`flex ${right ? 'justify-end' : 'justify-start'}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-xs ${
          right
            ? `rounded-br-md bg-brand-100 text-slate-900 ${reply?.status === 'failed' ? 'ring-1 ring-red-300' : ''}`
            : 'rounded-bl-md border border-slate-200 bg-white'
        }`}
      >
        <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
          <span className={`font-semibold ${right ? 'text-brand-900' : 'text-sky-800'}`}>
            {formatNameOrPhone(message.sender_name)}
          </span>
          <time dateTime={message.created_at} className="text-slate-600 tabular-nums">
            {formatDateTime(message.created_at)}
          </time>
          {onSplit ? (
            <button
              type="button"
              onClick={onSplit}
              className="ml-auto inline-flex items-center gap-1 rounded text-slate-700 underline-offset-2 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <ScissorsIcon aria-hidden="true" className="size-3" />
              Split from here
            </button>
          ) : null}
        </p>
        {poll ? (
          <div className="mt-1">
            <Poll poll={poll} />
          </div>
        ) : (
          <p className="mt-0.5 text-sm whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
        )}
        {reply ? (
          <div className="mt-0.5 flex justify-end text-xs text-slate-600">
            <ReplyStatus state={reply} waId={message.wa_id} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

export interface TicketConversationProps {
  ticket: Ticket;
  /** The dashboard's tickets: another ticket of the same group can be merged into. */
  tickets?: readonly Ticket[];
  /** Shows another ticket in the modal (the one a ticket was merged into). */
  onOpenTicket?: (id: number) => void;
  /**
   * The ticket's facts, assignee, labels and merge above the messages (the dashboard's modal); the inbox
   * shows them in its details pane instead (TicketDetails).
   */
  withDetails?: boolean;
}

function useSplit(ticketId: number) {
  const [from, setFrom] = useState<ConversationMessage | null>(null);
  const split = useTicketChange((message: number) => splitTicket(ticketId, message));
  const confirm = async () => {
    if (!from) return;
    try {
      const answer = await split.mutateAsync(from.id);
      toast.success(`Ticket split: the later messages are now ticket #${answer.ticket.id}.`);
      setFrom(null);
    } catch (error) {
      toast.error(errorMessage(error, 'The ticket could not be split. Try again.'));
    }
  };
  const dialog = (
    <ConfirmDialog
      tone="primary"
      open={from !== null}
      title="Split the ticket here?"
      confirmLabel="Split"
      busy={split.isPending}
      onCancel={() => setFrom(null)}
      onConfirm={() => void confirm()}
    >
      <ul className="list-disc space-y-1.5 pl-5">
        <li>
          <strong>New ticket:</strong> this message and every later one, with the same assignee and labels. In
          a group with one ticket per customer it belongs to the first customer who wrote in it.
        </li>
        <li>
          <strong>This ticket:</strong> the messages before it. It is closed when its customer's last message
          was answered. If not, it stays open beside the new one (one ticket per customer), or the split waits
          until you answer or close it (one ticket for the whole group).
        </li>
      </ul>
    </ConfirmDialog>
  );
  return { ask: setFrom, dialog };
}

/**
 * A ticket's conversation: business messages right, others left, the reply box and the internal notes.
 * The one component the dashboard's modal and the inbox both show.
 */
export function TicketConversation({
  ticket,
  tickets = [],
  onOpenTicket = () => {},
  withDetails = true,
}: TicketConversationProps) {
  const state = useConversation(ticket);
  const split = useSplit(ticket.id);
  // The desk's replies' ticks move with `reply.status` events (decision 0018, reply states).
  const replyState = useLiveReplyStates(ticket.session_id, ticket.group_id);
  // And the polls' counts with `poll.updated` events.
  const pollOf = useLivePolls(ticket.session_id, ticket.group_id);
  const endRef = useRef<HTMLLIElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = state.status === 'ready' ? state.details.conversations.length : 0;
  // The newest message is what the agent needs: keep the end in view as messages arrive. In a pane only
  // the pane scrolls (scrolling the end into view would move the page too).
  useEffect(() => {
    if (count === 0) return;
    const pane = scrollRef.current;
    const end = endRef.current;
    if (pane && end) pane.scrollTop = end.offsetTop + end.offsetHeight - pane.clientHeight + 12;
    else end?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const shown = state.status === 'ready' ? state.details.ticket : ticket;
  const messages = state.status === 'ready' ? state.details.conversations : [];
  const body =
    state.status === 'loading' ? (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner className="size-7" label="Loading the conversation" />
      </div>
    ) : state.status === 'error' ? (
      <p className="py-8 text-center text-sm text-red-700">{state.message}</p>
    ) : state.details.conversations.length === 0 ? (
      <p className="py-8 text-center text-sm text-slate-500">No messages in this ticket.</p>
    ) : (
      <ol aria-label="Conversation" className="space-y-2.5 rounded-xl bg-slate-100/70 p-2 sm:p-3">
        {state.details.conversations.map((message, index) => (
          <Bubble
            key={message.id}
            message={message}
            reply={replyState(message.wa_id, message.reply)}
            poll={message.poll ? pollOf(message.wa_id, message.poll) : null}
            onSplit={index > 0 ? () => split.ask(message) : undefined}
          />
        ))}
        <li ref={endRef} aria-hidden="true" />
      </ol>
    );
  const notes =
    state.status === 'ready' ? <TicketNotes ticketId={ticket.id} notes={state.details.notes} /> : null;

  if (!withDetails) {
    // A pane fills its height: the messages and notes scroll, the reply box stays in view below them.
    return (
      <div className="flex h-full min-h-0 flex-col">
        <div ref={scrollRef} className="relative min-h-0 flex-1 space-y-4 overflow-y-auto p-3 sm:p-4">
          {body}
          {notes}
        </div>
        <div className="px-3 pb-3 sm:px-4">
          <ReplyBox key={ticket.id} ticket={ticket} compact />
        </div>
        {split.dialog}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <TicketFacts ticket={shown} onOpenTicket={onOpenTicket} />
      <TicketWorkBar
        ticket={shown}
        tickets={tickets}
        firstWaId={messages[0]?.wa_id}
        onOpenTicket={onOpenTicket}
      />
      {body}
      {/* The reply to the customer follows their conversation; internal notes come after it. */}
      <ReplyBox key={ticket.id} ticket={ticket} />
      {notes}
      {split.dialog}
    </div>
  );
}

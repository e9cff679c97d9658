import type { ConversationMessage, Ticket } from '@wadesk/contract';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../shared/format/format';
import { formatNameOrPhone, formatPhone } from '../../../shared/format/phone';
import { Dialog } from '../../../shared/ui/dialog';
import { Spinner } from '../../../shared/ui/spinner';
import { useConversation } from '../hooks/use-conversation';
import { formatDuration, secondsBetween } from '../utils/duration';
import { statusLabel } from '../utils/ticket-table';
import { ReplyBox } from './reply-box';

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

function TicketFacts({ ticket }: { ticket: Ticket }) {
  const firstResponse = secondsBetween(ticket.created_at, ticket.first_response_at);
  const resolution = secondsBetween(ticket.created_at, ticket.closed_at);
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
      </p>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-3">
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
    </div>
  );
}

function Bubble({ message }: { message: ConversationMessage }) {
  const right = message.is_business;
  return (
    <li data-side={right ? 'right' : 'left'} className={`flex ${right ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-xs ${
          right
            ? 'rounded-br-md bg-brand-100 text-slate-900'
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
        </p>
        <p className="mt-0.5 text-sm whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
      </div>
    </li>
  );
}

function ConversationBody({ ticket }: { ticket: Ticket }) {
  const state = useConversation(ticket);
  const endRef = useRef<HTMLLIElement>(null);
  const count = state.status === 'ready' ? state.details.conversations.length : 0;
  // The newest message is what the agent needs: keep the end in view as messages arrive.
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const shown = state.status === 'ready' ? state.details.ticket : ticket;
  return (
    <div className="space-y-4">
      <TicketFacts ticket={shown} />
      {state.status === 'loading' ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner className="size-7" label="Loading the conversation" />
        </div>
      ) : state.status === 'error' ? (
        <p className="py-8 text-center text-sm text-red-700">{state.message}</p>
      ) : state.details.conversations.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">No messages in this ticket.</p>
      ) : (
        <ol aria-label="Conversation" className="space-y-2.5 rounded-xl bg-slate-100/70 p-3">
          {state.details.conversations.map((message) => (
            <Bubble key={message.id} message={message} />
          ))}
          <li ref={endRef} aria-hidden="true" />
        </ol>
      )}
    </div>
  );
}

/** The ticket's conversation: the customer's name at the top, business messages right, others left. */
export function ConversationModal({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  return (
    <Dialog
      open={ticket !== null}
      onClose={onClose}
      title={ticket ? formatNameOrPhone(ticket.customer) : ''}
      size="max-w-2xl"
    >
      {ticket ? <ConversationBody ticket={ticket} /> : null}
      {ticket ? <ReplyBox key={ticket.id} ticket={ticket} /> : null}
    </Dialog>
  );
}

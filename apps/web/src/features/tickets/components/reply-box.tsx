import { useQuery } from '@tanstack/react-query';
import { type CannedReply, MAX_REPLY_LENGTH, type Ticket } from '@wadesk/contract';
import { ChartBarIcon, MessageSquareText, Send } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cannedRepliesQuery, useSendReply } from '@/features/tickets/api/replies-queries';
import { matchCanned, slashQuery } from '@/features/tickets/utils/canned-picker';
import { fillCannedVariables } from '@/features/tickets/utils/canned-variables';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { formatNameOrPhone } from '@/shared/format/phone';
import { useFieldPicker } from '@/shared/hooks/use-field-picker';
import { replyDrafts, unsentReplies } from '@/shared/storage/reply-drafts';
import { Button } from '@/shared/ui/button';
import { FieldPickerList } from '@/shared/ui/field-picker-list';
import { toast } from '@/shared/ui/toast';
import { CannedRepliesDialog } from './canned-replies-dialog';
import { SendPollDialog } from './send-poll-dialog';

export const REPLY_MESSAGES = {
  sent: 'Reply sent.',
  failed: 'The reply could not be sent. Try again.',
  closed: 'This ticket is closed. Reopen it to reply.',
  noMatches: 'No canned reply matches. Manage canned replies to add one.',
} as const;

/**
 * The conversation modal's reply box: sends through the ticket's linked account as a quoted reply to the
 * customer's latest message. Typing `/` at the start opens the canned replies (a combobox: arrows move,
 * Enter or Tab inserts, Escape closes) with their variables filled in; Ctrl/Cmd+Enter sends. What is typed is
 * the ticket's draft (shared/storage/reply-drafts.ts): kept in this browser for the signed-in member until it
 * is sent, so closing the conversation, another screen or a reload loses nothing. Mount it keyed by ticket.
 */
export function ReplyBox({ ticket, compact = false }: { ticket: Ticket; compact?: boolean }) {
  const me = useAuth().user;
  const meId = me?.id ?? 0;
  const [text, setTextState] = useState(() => replyDrafts.get(meId, ticket.id));
  const [error, setError] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  const [polling, setPolling] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendReply();
  const ids = { list: useId(), hint: useId(), error: useId() };

  const query = slashQuery(text);
  const picker = useFieldPicker(text, query !== null, fieldRef);
  const open = picker.open;
  const canned = useQuery({ ...cannedRepliesQuery(), enabled: open });
  const matches = open && query !== null ? matchCanned(canned.data ?? [], query) : [];
  const current = picker.current(matches);
  const closed = ticket.status === 'close';

  function setText(value: string): void {
    setTextState(value);
    replyDrafts.set(meId, ticket.id, value);
    unsentReplies.set(ticket.id, value.trim() !== '');
  }
  // A draft loaded from storage is unsent too; the box going away (the draft stays stored) is not.
  useEffect(() => {
    unsentReplies.set(ticket.id, replyDrafts.get(meId, ticket.id).trim() !== '');
    return () => unsentReplies.set(ticket.id, false);
  }, [meId, ticket.id]);

  function insert(reply: CannedReply): void {
    setText(
      fillCannedVariables(reply.body, {
        customerName: formatNameOrPhone(ticket.customer),
        agentName: me ? `${me.first_name} ${me.last_name}`.trim() : '',
        ticketId: ticket.id,
      }),
    );
    picker.restart();
    fieldRef.current?.focus();
  }

  function submit(): void {
    const trimmed = text.trim();
    if (!trimmed || send.isPending || closed) return;
    setError(null);
    send.mutate(
      { ticketId: ticket.id, text: trimmed },
      {
        // useSendReply has forgotten the stored draft by now (also when this box is gone by then), unless
        // more was typed while sending: the box shows what is left.
        onSuccess: () => {
          setTextState(replyDrafts.get(meId, ticket.id));
          toast.success(REPLY_MESSAGES.sent);
        },
        onError: (failure) => setError(errorMessage(failure, REPLY_MESSAGES.failed)),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
      return;
    }
    picker.onKeyDown(event, matches, insert);
  }

  const optionId = (reply: CannedReply) => `${ids.list}-${reply.id}`;
  return (
    <section aria-label="Reply" className={`border-t border-slate-200 ${compact ? 'pt-3' : 'mt-4 pt-4'}`}>
      <div className="relative">
        <label htmlFor={`${ids.list}-field`} className="sr-only">
          Reply to the customer
        </label>
        <textarea
          id={`${ids.list}-field`}
          ref={fieldRef}
          // The inbox's "r" shortcut focuses this field.
          data-reply-field=""
          role="combobox"
          aria-expanded={open}
          aria-controls={ids.list}
          aria-autocomplete="list"
          aria-activedescendant={open && current ? optionId(current) : undefined}
          aria-describedby={`${ids.hint}${error ? ` ${ids.error}` : ''}`}
          aria-invalid={error ? true : undefined}
          value={text}
          disabled={closed}
          maxLength={MAX_REPLY_LENGTH}
          rows={compact ? 2 : 3}
          placeholder={closed ? REPLY_MESSAGES.closed : 'Type a reply, or / for a canned reply'}
          onChange={(event) => {
            setText(event.target.value);
            picker.restart();
            setError(null);
          }}
          onKeyDown={onKeyDown}
          {...picker.fieldProps}
          className="block w-full resize-y rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-slate-50"
        />
        {open ? (
          <FieldPickerList
            id={ids.list}
            label="Canned replies"
            matches={matches}
            current={current}
            optionId={optionId}
            choose={insert}
            empty={canned.isPending ? 'Loading canned replies…' : REPLY_MESSAGES.noMatches}
            rowPadding="py-2"
          >
            {(reply) => (
              <>
                <span className="font-semibold text-brand-800">/{reply.shortcut}</span>
                <span className="block truncate text-slate-600">{reply.body}</span>
              </>
            )}
          </FieldPickerList>
        ) : null}
      </div>
      {error ? (
        <p id={ids.error} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p id={ids.hint} className="text-xs text-slate-500">
          Sent on WhatsApp as a reply to the customer's latest message. Ctrl+Enter sends.
        </p>
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          <Button
            variant="ghost"
            size="md"
            icon={<MessageSquareText aria-hidden="true" className="size-4" />}
            onClick={() => setManaging(true)}
          >
            Canned replies
          </Button>
          <Button
            variant="ghost"
            size="md"
            disabled={closed}
            icon={<ChartBarIcon aria-hidden="true" className="size-4" />}
            onClick={() => setPolling(true)}
          >
            Poll
          </Button>
          <Button
            size="md"
            busy={send.isPending}
            disabled={closed || text.trim() === ''}
            icon={<Send aria-hidden="true" className="size-4" />}
            onClick={submit}
          >
            Send
          </Button>
        </div>
      </div>
      <CannedRepliesDialog open={managing} onClose={() => setManaging(false)} />
      <SendPollDialog ticketId={ticket.id} open={polling} onClose={() => setPolling(false)} />
    </section>
  );
}

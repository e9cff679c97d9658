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
import { replyDrafts, unsentReplies } from '@/shared/storage/reply-drafts';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';
import { CannedRepliesDialog } from './canned-replies-dialog';
import { SendPollDialog } from './send-poll-dialog';

export const REPLY_MESSAGES = {
  sent: 'Reply sent',
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
  const [active, setActive] = useState(0);
  // The text at which the picker was closed with Escape: it stays closed until the text changes.
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  const [polling, setPolling] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const send = useSendReply();
  const ids = { list: useId(), hint: useId(), error: useId() };

  const query = slashQuery(text);
  const open = query !== null && dismissedAt !== text;
  const canned = useQuery({ ...cannedRepliesQuery(), enabled: open });
  const matches = open ? matchCanned(canned.data ?? [], query) : [];
  const current = matches[Math.min(active, matches.length - 1)];
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

  // Escape closes the picker, not the modal around it: the dialog listens on the document while
  // capturing, so this listens on the window, which comes first.
  useEffect(() => {
    if (!open) return;
    const keepModal = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && event.target === fieldRef.current) event.preventDefault();
    };
    window.addEventListener('keydown', keepModal, { capture: true });
    return () => window.removeEventListener('keydown', keepModal, { capture: true });
  }, [open]);

  function insert(reply: CannedReply): void {
    setText(
      fillCannedVariables(reply.body, {
        customerName: formatNameOrPhone(ticket.customer),
        agentName: me ? `${me.first_name} ${me.last_name}`.trim() : '',
        ticketId: ticket.id,
      }),
    );
    setActive(0);
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
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(text);
    } else if (matches.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((Math.min(active, matches.length - 1) + step + matches.length) % matches.length);
    } else if (current && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      insert(current);
    }
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
            setActive(0);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissedAt(text)}
          onFocus={() => setDismissedAt(null)}
          className="block w-full resize-y rounded-xl border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-slate-50"
        />
        {open ? (
          <div
            id={ids.list}
            role="listbox"
            aria-label="Canned replies"
            className="absolute bottom-full left-0 z-10 mb-1 max-h-56 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            {matches.map((reply) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the reply field drives the list from the keyboard
              <div
                key={reply.id}
                id={optionId(reply)}
                role="option"
                tabIndex={-1}
                aria-selected={reply === current}
                // Keeps the focus in the field while the option is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(reply)}
                className={`cursor-pointer rounded-lg px-3 py-2 text-sm ${reply === current ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
              >
                <span className="font-semibold text-brand-800">/{reply.shortcut}</span>
                <span className="block truncate text-slate-600">{reply.body}</span>
              </div>
            ))}
            {matches.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-500">
                {canned.isPending ? 'Loading canned replies…' : REPLY_MESSAGES.noMatches}
              </p>
            ) : null}
          </div>
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

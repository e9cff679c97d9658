import { useQuery } from '@tanstack/react-query';
import type { TicketNote } from '@wadesk/contract';
import { LockIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { addTicketNote } from '@/features/tickets/api/workflow-api';
import { assignableMembersQuery, useTicketChange } from '@/features/tickets/api/workflow-queries';
import {
  insertMention,
  type Mentionable,
  matchMembers,
  mentionedIds,
  mentionQuery,
} from '@/features/tickets/utils/mentions';
import { isApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/format/format';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';

const MAX_NOTE = 4000;

export const NOTE_MESSAGES = {
  noMember: 'No member matches.',
} as const;

/**
 * The team's internal notes: dashed and yellow, never shaped like a WhatsApp message. Typing "@" offers the
 * organisation's members (arrows move, Enter or Tab inserts "@Name", Escape closes); the members still
 * named when the note is added are sent as `mentions` and told.
 */
export function TicketNotes({ ticketId, notes }: { ticketId: number; notes: readonly TicketNote[] }) {
  const [body, setBody] = useState('');
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Mentionable[]>([]);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const ids = { list: useId(), field: useId() };
  const add = useTicketChange(({ text, mentions }: { text: string; mentions: number[] }) =>
    addTicketNote(ticketId, text, mentions),
  );

  const mention = dismissedAt === body ? null : mentionQuery(body, caret);
  const open = mention !== null;
  const members = useQuery({ ...assignableMembersQuery(), enabled: open }).data ?? [];
  const matches = mention ? matchMembers(members, mention.query) : [];
  const current = matches[Math.min(active, matches.length - 1)];

  // Escape closes the list, not a dialog around the notes.
  useEffect(() => {
    if (!open) return;
    const keep = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && event.target === fieldRef.current) event.preventDefault();
    };
    window.addEventListener('keydown', keep, { capture: true });
    return () => window.removeEventListener('keydown', keep, { capture: true });
  }, [open]);

  const choose = (member: Mentionable) => {
    if (!mention) return;
    const next = insertMention(body, mention.start, caret, member);
    setBody(next.text);
    setCaret(next.caret);
    setChosen((list) => [...list, member]);
    setActive(0);
    requestAnimationFrame(() => {
      fieldRef.current?.focus();
      fieldRef.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!body.trim()) return;
    try {
      await add.mutateAsync({ text: body, mentions: mentionedIds(body, chosen) });
      setBody('');
      setCaret(0);
      setChosen([]);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The note could not be added.');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(body);
    } else if (matches.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((Math.min(active, matches.length - 1) + step + matches.length) % matches.length);
    } else if (current && (event.key === 'Enter' || event.key === 'Tab')) {
      event.preventDefault();
      choose(current);
    }
  };

  const optionId = (member: Mentionable) => `${ids.list}-${member.id}`;
  return (
    <section
      aria-labelledby="ticket-notes"
      className="rounded-xl border border-dashed border-amber-300 bg-amber-50/60 p-3"
    >
      <h3 id="ticket-notes" className="text-sm font-semibold text-amber-900">
        <LockIcon aria-hidden="true" className="mr-1.5 inline size-3.5 align-[-2px]" />
        Internal notes <span className="font-normal text-amber-800">· only your team sees these</span>
      </h3>
      {notes.length > 0 ? (
        <ol className="mt-2 space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="text-sm">
              <p className="text-xs text-amber-900">
                <span className="font-semibold">{note.author_name}</span> ·{' '}
                <time dateTime={note.created_at}>{formatDateTime(note.created_at)}</time>
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-800">{note.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form onSubmit={submit} className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={ids.field} className="sr-only">
            New internal note
          </label>
          <textarea
            id={ids.field}
            ref={fieldRef}
            role="combobox"
            aria-expanded={open}
            aria-controls={ids.list}
            aria-autocomplete="list"
            aria-activedescendant={open && current ? optionId(current) : undefined}
            value={body}
            maxLength={MAX_NOTE}
            rows={2}
            onChange={(event) => {
              setBody(event.target.value);
              setCaret(event.target.selectionStart);
              setActive(0);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onBlur={() => setDismissedAt(body)}
            onFocus={() => setDismissedAt(null)}
            placeholder="Add a note for your team (not sent to WhatsApp); @ mentions a member"
            className="block w-full resize-y rounded-lg border border-amber-300 bg-white px-3 py-2 text-sm focus:ring-4 focus:ring-amber-100 focus:outline-none"
          />
          {open ? (
            <div
              id={ids.list}
              role="listbox"
              aria-label="Members to mention"
              className="absolute bottom-full left-0 z-10 mb-1 max-h-56 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
            >
              {matches.map((member) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the note field drives the list from the keyboard
                <div
                  key={member.id}
                  id={optionId(member)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={member === current}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(member)}
                  className={`cursor-pointer rounded-lg px-3 py-1.5 text-sm ${member === current ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
                >
                  {member.name}
                </div>
              ))}
              {matches.length === 0 ? (
                <p className="px-3 py-1.5 text-sm text-slate-500">{NOTE_MESSAGES.noMember}</p>
              ) : null}
            </div>
          ) : null}
        </div>
        <Button type="submit" variant="secondary" size="md" busy={add.isPending} disabled={!body.trim()}>
          Add note
        </Button>
      </form>
    </section>
  );
}

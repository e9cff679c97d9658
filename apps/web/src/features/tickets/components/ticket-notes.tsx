import { useQuery } from '@tanstack/react-query';
import type { TicketNote } from '@wadesk/contract';
import { LockIcon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { addTicketNote } from '@/features/tickets/api/workflow-api';
import { assignableMembersQuery, useTicketChange } from '@/features/tickets/api/workflow-queries';
import {
  insertMention,
  type Mentionable,
  matchMembers,
  mentionedIds,
  mentionQuery,
} from '@/features/tickets/utils/mentions';
import { errorMessage } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/format/format';
import { useFieldPicker } from '@/shared/hooks/use-field-picker';
import { Button } from '@/shared/ui/button';
import { FieldPickerList } from '@/shared/ui/field-picker-list';
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
  const [chosen, setChosen] = useState<Mentionable[]>([]);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const ids = { list: useId(), field: useId() };
  const add = useTicketChange(({ text, mentions }: { text: string; mentions: number[] }) =>
    addTicketNote(ticketId, text, mentions),
  );

  const typed = mentionQuery(body, caret);
  const picker = useFieldPicker(body, typed !== null, fieldRef);
  const mention = picker.open ? typed : null;
  const open = picker.open;
  const members = useQuery({ ...assignableMembersQuery(), enabled: open }).data ?? [];
  const matches = mention ? matchMembers(members, mention.query) : [];
  const current = picker.current(matches);

  const choose = (member: Mentionable) => {
    if (!mention) return;
    const next = insertMention(body, mention.start, caret, member);
    setBody(next.text);
    setCaret(next.caret);
    setChosen((list) => [...list, member]);
    picker.restart();
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
      toast.error(errorMessage(error, 'The note could not be added. Try again.'));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => picker.onKeyDown(event, matches, choose);

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
              picker.restart();
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            {...picker.fieldProps}
            placeholder="Add a note for your team (not sent to WhatsApp); @ mentions a member"
            className="block w-full resize-y rounded-lg border border-amber-300 bg-white px-3 py-2 text-sm focus:ring-4 focus:ring-amber-100 focus:outline-none"
          />
          {open ? (
            <FieldPickerList
              id={ids.list}
              label="Members to mention"
              matches={matches}
              current={current}
              optionId={optionId}
              choose={choose}
              empty={NOTE_MESSAGES.noMember}
              rowPadding="py-1.5"
            >
              {(member) => member.name}
            </FieldPickerList>
          ) : null}
        </div>
        <Button type="submit" variant="secondary" size="md" busy={add.isPending} disabled={!body.trim()}>
          Add note
        </Button>
      </form>
    </section>
  );
}

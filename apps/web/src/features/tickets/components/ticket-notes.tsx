import type { TicketNote } from '@wadesk/contract';
import { LockIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { addTicketNote } from '@/features/tickets/api/workflow-api';
import { useTicketChange } from '@/features/tickets/api/workflow-queries';
import { isApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/format/format';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';

const MAX_NOTE = 4000;

/** The team's internal notes: dashed and yellow, never shaped like a WhatsApp message. */
export function TicketNotes({ ticketId, notes }: { ticketId: number; notes: readonly TicketNote[] }) {
  const [body, setBody] = useState('');
  const add = useTicketChange((text: string) => addTicketNote(ticketId, text));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    try {
      await add.mutateAsync(body);
      setBody('');
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The note could not be added.');
    }
  };
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
        <label className="min-w-0 flex-1">
          <span className="sr-only">New internal note</span>
          <textarea
            value={body}
            maxLength={MAX_NOTE}
            rows={2}
            onChange={(event) => setBody(event.target.value)}
            placeholder="Add a note for your team (not sent to WhatsApp)"
            className="block w-full resize-y rounded-lg border border-amber-300 bg-white px-3 py-2 text-sm focus:ring-4 focus:ring-amber-100 focus:outline-none"
          />
        </label>
        <Button type="submit" variant="secondary" size="md" busy={add.isPending} disabled={!body.trim()}>
          Add note
        </Button>
      </form>
    </section>
  );
}

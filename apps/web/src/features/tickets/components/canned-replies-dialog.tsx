import { useQuery } from '@tanstack/react-query';
import { type CannedReply, MAX_REPLY_LENGTH } from '@wadesk/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  cannedRepliesQuery,
  useDeleteCannedReply,
  useSaveCannedReply,
} from '@/features/tickets/api/replies-queries';
import { CANNED_VARIABLES } from '@/features/tickets/utils/canned-variables';
import { useCan } from '@/shared/account/permissions';
import { RoleNotice } from '@/shared/account/role-notice';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { toast } from '@/shared/ui/toast';

export const CANNED_MESSAGES = {
  saved: 'Canned reply saved.',
  deleted: 'Canned reply deleted.',
  failed: 'The canned reply could not be saved. Try again.',
  deleteFailed: 'The canned reply could not be deleted. Try again.',
  loadFailed: 'The canned replies could not be loaded. Close this and open it again.',
  empty: 'No canned replies yet.',
} as const;

const field =
  'block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-xs focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600';

function CannedForm({ editing, onDone }: { editing: CannedReply | null; onDone: () => void }) {
  const [shortcut, setShortcut] = useState(editing?.shortcut ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveCannedReply();
  const id = useId();

  function submit(event: FormEvent): void {
    event.preventDefault();
    setError(null);
    save.mutate(
      { ...(editing ? { id: editing.id } : {}), shortcut: shortcut.trim().toLowerCase(), body },
      {
        onSuccess: () => {
          toast.success(CANNED_MESSAGES.saved);
          setShortcut('');
          setBody('');
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure, CANNED_MESSAGES.failed)),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl bg-slate-50 p-3" aria-label="Canned reply">
      <div>
        <label htmlFor={`${id}-shortcut`} className="text-xs font-medium text-slate-700">
          Shortcut
        </label>
        <div className="mt-1 flex items-center gap-1">
          <span aria-hidden="true" className="text-sm font-semibold text-slate-500">
            /
          </span>
          <input
            id={`${id}-shortcut`}
            value={shortcut}
            maxLength={30}
            required
            pattern="[a-zA-Z0-9_\-]{1,30}"
            aria-describedby={`${id}-shortcut-hint`}
            onChange={(event) => setShortcut(event.target.value)}
            className={field}
          />
        </div>
        <p id={`${id}-shortcut-hint`} className="mt-1 text-xs text-slate-500">
          Letters, digits, “-” or “_”, up to 30.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="text-xs font-medium text-slate-700">
          Text
        </label>
        <textarea
          id={`${id}-body`}
          value={body}
          required
          rows={3}
          maxLength={MAX_REPLY_LENGTH}
          aria-describedby={`${id}-body-hint`}
          onChange={(event) => setBody(event.target.value)}
          className={`mt-1 ${field}`}
        />
        <p id={`${id}-body-hint`} className="mt-1 text-xs text-slate-500">
          Filled in when the reply is inserted:{' '}
          {CANNED_VARIABLES.map((variable, index) => (
            <span key={variable.name}>
              {index > 0 ? ', ' : ''}
              <code className="font-semibold text-slate-700">{variable.name}</code> {variable.means}
            </span>
          ))}
          .
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {editing ? (
          <Button variant="ghost" size="md" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="md" busy={save.isPending}>
          {editing ? 'Save changes' : 'Add canned reply'}
        </Button>
      </div>
    </form>
  );
}

/** The organisation's canned replies: every member sees them; admins and owners add, edit and delete. */
export function CannedRepliesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const manage = useCan('manageCannedReplies');
  const canManage = manage.allowed;
  const list = useQuery({ ...cannedRepliesQuery(), enabled: open });
  const remove = useDeleteCannedReply();
  const [editing, setEditing] = useState<CannedReply | null>(null);

  function onDelete(reply: CannedReply): void {
    remove.mutate(reply.id, {
      onSuccess: () => toast.success(CANNED_MESSAGES.deleted),
      onError: (failure) => toast.error(errorMessage(failure, CANNED_MESSAGES.deleteFailed)),
    });
  }

  return (
    <Dialog open={open} onClose={onClose} title="Canned replies">
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Type <kbd className="rounded bg-slate-100 px-1 font-semibold">/</kbd> at the start of a reply to
          insert one.
        </p>
        <RoleNotice reason={manage.reason} />
        <p className="text-xs text-slate-500">
          Variables in a canned reply are filled in when it is inserted:{' '}
          {CANNED_VARIABLES.map((variable, index) => (
            <span key={variable.name}>
              {index > 0 ? ', ' : ''}
              <code className="font-semibold text-slate-700">{variable.name}</code> ({variable.means})
            </span>
          ))}
          .
        </p>
        {list.isError ? (
          <p className="text-sm text-red-700">{CANNED_MESSAGES.loadFailed}</p>
        ) : list.data?.length === 0 ? (
          <p className="text-sm text-slate-500">{CANNED_MESSAGES.empty}</p>
        ) : (
          <ul aria-label="Saved canned replies" className="divide-y divide-slate-200">
            {(list.data ?? []).map((reply) => (
              <li key={reply.id} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-brand-800">/{reply.shortcut}</p>
                  <p className="text-sm whitespace-pre-wrap break-words text-slate-700">{reply.body}</p>
                </div>
                {canManage ? (
                  <div className="flex shrink-0 gap-1">
                    <Button
                      variant="ghost"
                      size="md"
                      aria-label={`Edit /${reply.shortcut}`}
                      icon={<Pencil aria-hidden="true" className="size-4" />}
                      onClick={() => setEditing(reply)}
                    />
                    <Button
                      variant="ghost"
                      size="md"
                      aria-label={`Delete /${reply.shortcut}`}
                      icon={<Trash2 aria-hidden="true" className="size-4" />}
                      onClick={() => onDelete(reply)}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canManage ? (
          <CannedForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        ) : null}
      </div>
    </Dialog>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { Label } from '@wadesk/contract';
import { Trash2Icon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { deleteLabel, saveLabel } from '@/features/tickets/api/workflow-api';
import { labelsQuery, useTicketChange } from '@/features/tickets/api/workflow-queries';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { toast } from '@/shared/ui/toast';

const input =
  'h-9 rounded-lg border border-slate-300 bg-white px-2.5 text-sm focus:ring-4 focus:ring-brand-100 focus:outline-none';

function LabelRow({ label }: { label: Label }) {
  const [name, setName] = useState(label.name);
  const [colour, setColour] = useState(label.colour);
  const save = useTicketChange(() => saveLabel({ id: label.id, name, colour }));
  const remove = useTicketChange(() => deleteLabel(label.id));
  const changed = name.trim() !== label.name || colour !== label.colour;
  const run = (action: typeof save | typeof remove, fallback: string) =>
    action.mutateAsync(undefined).catch((error: unknown) => toast.error(errorMessage(error, fallback)));
  return (
    <li className="flex flex-wrap items-center gap-2">
      <input
        type="color"
        aria-label={`Colour of ${label.name}`}
        value={colour}
        onChange={(event) => setColour(event.target.value)}
        className="h-9 w-10 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
      />
      <input
        aria-label={`Name of ${label.name}`}
        value={name}
        maxLength={40}
        onChange={(event) => setName(event.target.value)}
        className={`${input} min-w-0 flex-1`}
      />
      <Button
        variant="secondary"
        size="md"
        disabled={!changed || !name.trim()}
        busy={save.isPending}
        onClick={() => void run(save, 'The label could not be saved. Try again.')}
      >
        Save
      </Button>
      <Button
        variant="ghost"
        size="md"
        aria-label={`Delete ${label.name}`}
        icon={<Trash2Icon className="size-4 text-red-600" />}
        busy={remove.isPending}
        onClick={() => void run(remove, 'The label could not be deleted. Try again.')}
      />
    </li>
  );
}

/** Admins create, rename, recolour and delete the organisation's labels. */
export function ManageLabelsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const labels = useQuery({ ...labelsQuery(), enabled: open }).data ?? [];
  const [name, setName] = useState('');
  const [colour, setColour] = useState('#2e7d32');
  const create = useTicketChange(() => saveLabel({ name, colour }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await create.mutateAsync(undefined);
      setName('');
    } catch (error) {
      toast.error(errorMessage(error, 'The label could not be created. Try again.'));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title="Manage labels" size="max-w-lg">
      <div className="space-y-4">
        {labels.length === 0 ? (
          <p className="text-sm text-slate-500">No labels yet. Create the first one below.</p>
        ) : (
          <ul className="space-y-2" aria-label="Labels">
            {labels.map((label) => (
              <LabelRow key={`${label.id}-${label.name}-${label.colour}`} label={label} />
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
          <input
            type="color"
            aria-label="Colour of the new label"
            value={colour}
            onChange={(event) => setColour(event.target.value)}
            className="h-9 w-10 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          />
          <input
            aria-label="New label name"
            placeholder="New label, e.g. Billing"
            value={name}
            maxLength={40}
            onChange={(event) => setName(event.target.value)}
            className={`${input} min-w-0 flex-1`}
          />
          <Button type="submit" size="md" busy={create.isPending} disabled={!name.trim()}>
            Create label
          </Button>
        </form>
      </div>
    </Dialog>
  );
}

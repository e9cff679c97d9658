import { useQuery } from '@tanstack/react-query';
import { roleAtLeast, type Ticket } from '@wadesk/contract';
import { CheckIcon, SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { setTicketLabels } from '@/features/tickets/api/workflow-api';
import { labelsQuery, useTicketChange } from '@/features/tickets/api/workflow-queries';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';
import { ManageLabelsDialog } from './manage-labels-dialog';

/** The organisation's labels as toggles: pressing one puts it on the ticket or takes it off at once. */
export function LabelsPicker({ ticket }: { ticket: Ticket }) {
  const labels = useQuery(labelsQuery()).data ?? [];
  const role = useAuth().user?.role;
  const [managing, setManaging] = useState(false);
  const set = useTicketChange((ids: number[]) => setTicketLabels(ticket.id, ids));
  const on = new Set(ticket.labels.map((label) => label.id));
  const toggle = (id: number) => {
    const next = on.has(id) ? [...on].filter((other) => other !== id) : [...on, id];
    set
      .mutateAsync(next)
      .catch((error: unknown) => toast.error(errorMessage(error, 'The labels could not be changed.')));
  };
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-busy={set.isPending || undefined}>
      {labels.length === 0 ? <span className="text-sm text-slate-500">No labels yet.</span> : null}
      {labels.map((label) => {
        const pressed = on.has(label.id);
        return (
          <button
            key={label.id}
            type="button"
            aria-pressed={pressed}
            onClick={() => toggle(label.id)}
            className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
              pressed
                ? 'border-slate-400 bg-slate-100 text-slate-900'
                : 'border-dashed border-slate-300 text-slate-600'
            }`}
          >
            <span
              aria-hidden="true"
              className="size-2 rounded-full"
              style={{ backgroundColor: label.colour }}
            />
            {label.name}
            {pressed ? <CheckIcon aria-hidden="true" className="size-3" /> : null}
          </button>
        );
      })}
      {role && roleAtLeast(role, 'admin') ? (
        <>
          <Button
            variant="ghost"
            size="md"
            className="text-brand-700"
            icon={<SettingsIcon className="size-4" />}
            onClick={() => setManaging(true)}
          >
            Manage labels
          </Button>
          <ManageLabelsDialog open={managing} onClose={() => setManaging(false)} />
        </>
      ) : null}
    </div>
  );
}

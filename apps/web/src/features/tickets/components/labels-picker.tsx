import { useQuery } from '@tanstack/react-query';
import type { Ticket } from '@wadesk/contract';
import { CheckIcon, PlusIcon, SettingsIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { setTicketLabels } from '@/features/tickets/api/workflow-api';
import { labelsQuery, useTicketChange } from '@/features/tickets/api/workflow-queries';
import { useCan } from '@/shared/account/permissions';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';
import { ManageLabelsDialog } from './manage-labels-dialog';

export const LABEL_MESSAGES = {
  none: 'No labels yet.',
  noMatch: 'No label matches.',
} as const;

/**
 * The ticket's labels as chips (only the applied ones, each with a remove button), and "Add label": a
 * searchable list of the organisation's labels where choosing one puts it on the ticket or takes it off
 * at once (arrows move, Enter chooses, Escape closes).
 */
export function LabelsPicker({ ticket }: { ticket: Ticket }) {
  const labels = useQuery(labelsQuery()).data ?? [];
  const manage = useCan('manageLabels');
  const canManage = manage.allowed;
  const [managing, setManaging] = useState(false);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const fieldRef = useRef<HTMLInputElement>(null);
  const ids = { list: useId(), field: useId() };
  const set = useTicketChange((next: number[]) => setTicketLabels(ticket.id, next));
  const on = new Set(ticket.labels.map((label) => label.id));
  const needle = search.trim().toLowerCase();
  const matches = labels.filter((label) => label.name.toLowerCase().includes(needle));
  const current = matches[Math.min(active, matches.length - 1)];

  const toggle = (id: number) => {
    const next = on.has(id) ? [...on].filter((other) => other !== id) : [...on, id];
    set
      .mutateAsync(next)
      .catch((error: unknown) =>
        toast.error(errorMessage(error, 'The labels could not be changed. Try again.')),
      );
  };

  // Escape closes the list, not a dialog around it (the dialog listens on the document while capturing).
  useEffect(() => {
    if (!open) return;
    const keep = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && event.target === fieldRef.current) event.preventDefault();
    };
    window.addEventListener('keydown', keep, { capture: true });
    return () => window.removeEventListener('keydown', keep, { capture: true });
  }, [open]);

  const close = () => {
    setOpen(false);
    setSearch('');
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (matches.length > 0 && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((Math.min(active, matches.length - 1) + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      toggle(current.id);
    }
  };

  const optionId = (id: number) => `${ids.list}-${id}`;
  return (
    <div className="space-y-2" aria-busy={set.isPending || undefined}>
      <div className="flex flex-wrap items-center gap-1.5">
        <ul aria-label="Labels" className="contents">
          {ticket.labels.map((label) => (
            <li
              key={label.id}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-slate-800"
            >
              <span
                aria-hidden="true"
                className="size-2 rounded-full"
                style={{ backgroundColor: label.colour }}
              />
              {label.name}
              <button
                type="button"
                aria-label={`Remove label ${label.name}`}
                onClick={() => toggle(label.id)}
                className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <XIcon aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
        </ul>
        <Button
          variant="ghost"
          size="md"
          aria-expanded={open}
          icon={<PlusIcon aria-hidden="true" className="size-4" />}
          onClick={() => (open ? close() : setOpen(true))}
        >
          Add label
        </Button>
        {canManage ? (
          <Button
            variant="ghost"
            size="md"
            className="text-brand-700"
            icon={<SettingsIcon className="size-4" />}
            onClick={() => setManaging(true)}
          >
            Manage labels
          </Button>
        ) : null}
      </div>
      {open ? (
        <div className="rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
          <label htmlFor={ids.field} className="sr-only">
            Search labels
          </label>
          <input
            id={ids.field}
            ref={fieldRef}
            // biome-ignore lint/a11y/noAutofocus: the list was opened to search it
            autoFocus
            role="combobox"
            aria-expanded="true"
            aria-controls={ids.list}
            aria-autocomplete="list"
            aria-activedescendant={current ? optionId(current.id) : undefined}
            value={search}
            placeholder="Search labels"
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className="block h-8 w-full rounded-lg border border-slate-300 px-2.5 text-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          <div
            id={ids.list}
            role="listbox"
            aria-label="Labels to add"
            aria-multiselectable="true"
            className="mt-1 max-h-48 overflow-y-auto"
          >
            {matches.map((label) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search field drives the list from the keyboard
              <div
                key={label.id}
                id={optionId(label.id)}
                role="option"
                tabIndex={-1}
                aria-selected={on.has(label.id)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => toggle(label.id)}
                className={`flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm ${label === current ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
              >
                <span
                  aria-hidden="true"
                  className="size-2 rounded-full"
                  style={{ backgroundColor: label.colour }}
                />
                <span className="min-w-0 flex-1 truncate">{label.name}</span>
                {on.has(label.id) ? <CheckIcon aria-hidden="true" className="size-4 text-brand-700" /> : null}
              </div>
            ))}
            {matches.length === 0 ? (
              <p className="px-2.5 py-1.5 text-sm text-slate-500">
                {labels.length === 0 ? LABEL_MESSAGES.none : LABEL_MESSAGES.noMatch} {manage.reason}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {canManage ? <ManageLabelsDialog open={managing} onClose={() => setManaging(false)} /> : null}
    </div>
  );
}

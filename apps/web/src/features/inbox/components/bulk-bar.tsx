import { useQuery } from '@tanstack/react-query';
import type { BulkUpdateTicketsRequest } from '@wadesk/contract';
import { useId } from 'react';
import { inboxLabelsQuery, inboxMembersQuery, useBulkUpdate } from '@/features/inbox/api/inbox-queries';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/toast';

export const BULK_MESSAGES = {
  failed: 'The tickets could not be changed. Try again.',
  noLabels: 'No labels yet: admins and owners create them (Manage labels in a conversation).',
  skipped: (count: number) => (count === 1 ? '1 ticket skipped' : `${count} tickets skipped`),
} as const;

const selectClass =
  'h-8 min-w-0 rounded-lg border border-slate-300 bg-white pr-7 pl-2.5 text-sm text-slate-800 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500';

type Change =
  | { action: 'assign'; assignee_id: number | null }
  | { action: 'label'; label_id: number }
  | { action: 'close' };

interface BulkBarProps {
  selected: readonly number[];
  onDone: () => void;
}

/** The change for the checked tickets: assign (me, nobody or a member), add a label, close. */
export function BulkBar({ selected, onDone }: BulkBarProps) {
  const me = useAuth().user;
  const members = useQuery(inboxMembersQuery()).data ?? [];
  const labels = useQuery(inboxLabelsQuery()).data ?? [];
  const bulk = useBulkUpdate();
  const ids = { labelHint: useId() };

  const run = async (change: Change) => {
    try {
      const answer = await bulk.mutateAsync({
        ...change,
        ticket_ids: [...selected],
      } as BulkUpdateTicketsRequest);
      toast.success(answer.message);
      if (answer.skipped.length > 0) {
        const reasons = answer.skipped.map((skip) => `#${skip.ticket_id}: ${skip.message}`).join(' ');
        toast.warn(`${BULK_MESSAGES.skipped(answer.skipped.length)}. ${reasons}`);
      }
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, BULK_MESSAGES.failed));
    }
  };

  return (
    <section
      aria-label="Change the selected tickets"
      aria-busy={bulk.isPending || undefined}
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-brand-50/60 px-3 py-2"
    >
      <p className="text-sm font-semibold text-slate-800">{selected.length} selected</p>
      <label className="flex items-center gap-1.5 text-sm">
        <span className="sr-only">Assign the selected tickets</span>
        <select
          className={selectClass}
          value=""
          disabled={bulk.isPending}
          onChange={(event) => {
            const value = event.target.value;
            if (value === '') return;
            void run({ action: 'assign', assignee_id: value === 'none' ? null : Number(value) });
          }}
        >
          <option value="">Assign to…</option>
          {me ? <option value={me.id}>Me</option> : null}
          <option value="none">Unassigned</option>
          {members
            .filter((member) => member.id !== me?.id)
            .map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
        </select>
      </label>
      <label className="flex items-center gap-1.5 text-sm">
        <span className="sr-only">Add a label to the selected tickets</span>
        <select
          className={selectClass}
          value=""
          disabled={bulk.isPending || labels.length === 0}
          aria-describedby={labels.length === 0 ? ids.labelHint : undefined}
          onChange={(event) => {
            if (event.target.value) void run({ action: 'label', label_id: Number(event.target.value) });
          }}
        >
          <option value="">Add label…</option>
          {labels.map((label) => (
            <option key={label.id} value={label.id}>
              {label.name}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="secondary"
        size="md"
        busy={bulk.isPending}
        onClick={() => void run({ action: 'close' })}
      >
        Close tickets
      </Button>
      {labels.length === 0 ? (
        <p id={ids.labelHint} className="w-full text-xs text-slate-600">
          {BULK_MESSAGES.noLabels}
        </p>
      ) : null}
    </section>
  );
}

import type { SessionGroup, TicketMode } from '@wadesk/contract';
import { useId } from 'react';
import { useSetGroupMode } from '@/features/groups/api/groups-queries';
import { useCan } from '@/shared/account/permissions';
import { errorMessage } from '@/shared/api/api-error';
import { openTicketsLabel, TICKET_MODE_ORDER, TICKET_MODE_TEXTS } from '@/shared/format/ticket-mode';
import { toast } from '@/shared/ui/toast';

export const MODE_SAVED = 'Ticket mode saved. New messages follow it.';
export const MODE_FAILED = 'The ticket mode could not be changed.';

/**
 * The conversation header's ticket line: how the group's messages become tickets and how many are open.
 * Admins and owners change the mode here; members read it.
 */
export function GroupModeControl({ group }: { group: SessionGroup }) {
  const permission = useCan('setGroupMode');
  const canChange = permission.allowed;
  const saving = useSetGroupMode();
  const id = useId();
  const mode = group.ticket_mode;

  const change = (next: TicketMode) => {
    if (next === mode) return;
    saving.mutate(
      { session_id: group.session_id, group_id: group.group_id, mode: next },
      {
        onSuccess: () => toast.success(MODE_SAVED),
        onError: (error) => toast.error(errorMessage(error, MODE_FAILED)),
      },
    );
  };

  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
      <span className="flex items-center gap-1.5">
        <label htmlFor={id} className="font-medium text-slate-700">
          Tickets
        </label>
        {canChange ? (
          <select
            id={id}
            value={saving.isPending ? (saving.variables?.mode ?? mode) : mode}
            disabled={saving.isPending}
            onChange={(event) => change(event.target.value as TicketMode)}
            title={TICKET_MODE_TEXTS[mode].hint}
            className="h-7 rounded-md border border-slate-300 bg-white pr-7 pl-2 text-xs text-slate-800 shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:cursor-wait disabled:bg-slate-50"
          >
            {TICKET_MODE_ORDER.map((option) => (
              <option key={option} value={option}>
                {TICKET_MODE_TEXTS[option].option}
              </option>
            ))}
          </select>
        ) : (
          <output
            id={id}
            className="text-slate-800"
            title={TICKET_MODE_TEXTS[mode].hint}
            aria-describedby={`${id}-why`}
          >
            {TICKET_MODE_TEXTS[mode].option}
          </output>
        )}
      </span>
      {canChange ? null : (
        <span id={`${id}-why`} className="basis-full text-slate-500">
          {permission.reason}
        </span>
      )}
      <span className={group.open_tickets > 0 ? 'font-medium text-amber-800' : 'text-slate-500'}>
        {group.open_tickets > 0 ? openTicketsLabel(group.open_tickets) : 'No open tickets'}
      </span>
    </div>
  );
}

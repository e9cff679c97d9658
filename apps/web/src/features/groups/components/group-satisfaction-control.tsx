import type { GroupSatisfactionPoll, SessionGroup } from '@wadesk/contract';
import { useId } from 'react';
import { useSetGroupSatisfactionPoll } from '@/features/groups/api/groups-queries';
import { useCan } from '@/shared/account/permissions';
import { errorMessage } from '@/shared/api/api-error';
import { useCachedSettings } from '@/shared/api/cached-settings';
import { GROUP_SATISFACTION_ORDER, groupSatisfactionText } from '@/shared/format/satisfaction';
import { toast } from '@/shared/ui/toast';

export const POLL_SAVED = 'Satisfaction poll saved. Tickets closed from now on follow it.';
export const POLL_FAILED = 'The satisfaction poll could not be changed. Try again.';
const HINT = 'When a member closes a ticket, ask the customer “How did we do?” with a WhatsApp poll.';

/**
 * The conversation header's satisfaction line, under the ticket mode: whether closing the group's tickets
 * sends the poll (docs/decisions/0030). Admins and owners choose; members read it. The organisation's own
 * setting is named when this tab already holds it (the Settings screen loaded it): not worth a request here.
 */
export function GroupSatisfactionControl({ group }: { group: SessionGroup }) {
  const permission = useCan('setGroupSatisfactionPoll');
  const canChange = permission.allowed;
  const saving = useSetGroupSatisfactionPoll();
  const organisation = useCachedSettings()?.satisfaction_poll;
  const id = useId();
  const choice = group.satisfaction_poll;

  const change = (next: GroupSatisfactionPoll) => {
    if (next === choice) return;
    saving.mutate(
      { session_id: group.session_id, group_id: group.group_id, satisfaction_poll: next },
      {
        onSuccess: () => toast.success(POLL_SAVED),
        onError: (error) => toast.error(errorMessage(error, POLL_FAILED)),
      },
    );
  };

  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
      <span className="flex items-center gap-1.5">
        <label htmlFor={id} className="font-medium text-slate-700">
          Satisfaction poll
        </label>
        {canChange ? (
          <select
            id={id}
            value={saving.isPending ? (saving.variables?.satisfaction_poll ?? choice) : choice}
            disabled={saving.isPending}
            onChange={(event) => change(event.target.value as GroupSatisfactionPoll)}
            title={HINT}
            className="h-7 max-w-52 rounded-md border border-slate-300 bg-white pr-7 pl-2 text-xs text-slate-800 shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none disabled:cursor-wait disabled:bg-slate-50"
          >
            {GROUP_SATISFACTION_ORDER.map((option) => (
              <option key={option} value={option}>
                {groupSatisfactionText(option, organisation)}
              </option>
            ))}
          </select>
        ) : (
          <output id={id} className="text-slate-800" title={HINT} aria-describedby={`${id}-why`}>
            {groupSatisfactionText(choice, organisation)}
          </output>
        )}
      </span>
      {canChange ? null : (
        <span id={`${id}-why`} className="basis-full text-slate-500">
          {permission.reason}
        </span>
      )}
    </div>
  );
}

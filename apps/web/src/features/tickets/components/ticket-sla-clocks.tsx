import type { SlaClock } from '@wadesk/contract';
import { useMemo } from 'react';
import { useSlaClocks } from '@/shared/api/use-sla-clocks';
import { formatDateTime } from '@/shared/format/format';
import { formatDuration } from '@/shared/format/format-duration';
import { SlaClockBadge } from '@/shared/ui/sla-clock-badge';

const KIND_ORDER: Record<SlaClock['kind'], number> = { first_response: 0, next_response: 1, resolution: 2 };

/** Oldest first: the ticket's story, each resolution cycle after the responses that started with it. */
const byStart = (a: SlaClock, b: SlaClock) =>
  a.started_at === b.started_at
    ? KIND_ORDER[a.kind] - KIND_ORDER[b.kind]
    : a.started_at < b.started_at
      ? -1
      : 1;

/**
 * What the badge does not say: when a running clock falls due (a paused one's due time moves on until it runs
 * again); how long a stopped one ran in all.
 */
function detail(clock: SlaClock): string | null {
  if (clock.stopped_at === null)
    return clock.due_at && !clock.paused ? `due ${formatDateTime(clock.due_at)}` : null;
  // Who answered is credited; a policy on business hours counts fewer seconds than passed (nights,
  // weekends, pauses): say both.
  const parts = [
    clock.stopped_by ? `answered by ${clock.stopped_by.name}` : null,
    clock.wall_seconds - clock.business_seconds >= 60
      ? `${formatDuration(clock.wall_seconds)} elapsed`
      : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * Every SLA clock of a ticket, under its facts (the dashboard's modal and the inbox's details pane): running
 * ones with the time left or overdue and their due time, stopped ones met or missed and the time they took,
 * and the policy they follow. Nothing when no policy applies to the ticket.
 */
export function TicketSlaClocks({ ticketId }: { ticketId: number }) {
  const ids = useMemo(() => [ticketId], [ticketId]);
  const sla = useSlaClocks(ids);
  const found = sla.of(ticketId);
  const clocks = useMemo(() => [...found].sort(byStart), [found]);
  if (clocks.length === 0) return null;
  const policies = [...new Set(clocks.map((clock) => clock.policy_name))];
  return (
    // Not a landmark of its own: a heading and a list beside the ticket's other facts.
    <div className="space-y-1.5" data-testid="ticket-sla">
      <h3 className="text-xs font-medium text-slate-500">
        SLA <span className="text-slate-600">· {policies.join(', ')}</span>
      </h3>
      <ul className="space-y-1.5">
        {clocks.map((clock) => {
          const more = detail(clock);
          return (
            <li
              key={`${clock.kind}-${clock.cycle}`}
              className="flex flex-wrap items-center gap-x-2 gap-y-0.5"
              data-sla-kind={clock.kind}
            >
              <SlaClockBadge clock={clock} now={sla.now} />
              {more ? <span className="text-xs text-slate-600 tabular-nums">{more}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import type { SessionGroup } from '@wadesk/contract';
import { EyeOffIcon, TicketIcon, UsersRoundIcon } from 'lucide-react';
import { openTicketsLabel, TICKET_MODE_TEXTS } from '@/shared/format/ticket-mode';

/**
 * A group's ticket mode and open tickets, small: the mode only when it is not the usual "watch" (every
 * group would say it otherwise), the count only when there are open tickets.
 */
export function GroupTicketBadges({ group }: { group: Pick<SessionGroup, 'ticket_mode' | 'open_tickets'> }) {
  const mode = group.ticket_mode;
  const count = group.open_tickets;
  if (mode === 'watch' && count === 0) return null;
  return (
    <>
      {mode !== 'watch' ? (
        <span
          className={`inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-[0.68rem] font-medium ${
            mode === 'ignore' ? 'bg-slate-100 text-slate-600' : 'bg-violet-50 text-violet-700'
          }`}
          title={TICKET_MODE_TEXTS[mode].hint}
        >
          {mode === 'ignore' ? (
            <EyeOffIcon aria-hidden="true" className="size-3" />
          ) : (
            <UsersRoundIcon aria-hidden="true" className="size-3" />
          )}
          {TICKET_MODE_TEXTS[mode].label}
        </span>
      ) : null}
      {count > 0 ? (
        <span
          className="inline-flex shrink-0 items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-[0.68rem] font-medium text-amber-800 tabular-nums"
          title={openTicketsLabel(count)}
        >
          <TicketIcon aria-hidden="true" className="size-3" />
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">{openTicketsLabel(count)}</span>
        </span>
      ) : null}
    </>
  );
}

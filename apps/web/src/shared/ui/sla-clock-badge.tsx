import type { SlaClock } from '@wadesk/contract';
import {
  AlarmClockIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  CirclePauseIcon,
  CircleXIcon,
  ClockIcon,
  type LucideIcon,
} from 'lucide-react';
import { mostUrgentClock, type SlaClockState, slaClockState, slaClockText } from '@/shared/format/sla-clock';

// Each state has its words (slaClockText), an icon of its own and a colour: never the colour alone. The
// pairs keep at least 4.5:1 (text and icon on their background); breached is solid red, the one to act on.
const LOOKS: Record<SlaClockState, { Icon: LucideIcon; tone: string }> = {
  ok: { Icon: ClockIcon, tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  due_soon: { Icon: AlarmClockIcon, tone: 'bg-amber-50 text-amber-900 ring-amber-300' },
  breached: { Icon: CircleAlertIcon, tone: 'bg-red-700 text-white ring-red-700' },
  paused: { Icon: CirclePauseIcon, tone: 'bg-violet-50 text-violet-900 ring-violet-200' },
  met: { Icon: CircleCheckIcon, tone: 'bg-brand-50 text-brand-800 ring-brand-200' },
  missed: { Icon: CircleXIcon, tone: 'bg-red-50 text-red-800 ring-red-200' },
};

interface SlaClockBadgeProps {
  clock: SlaClock;
  /** Now on the server's clock, ms (useSlaClocks). */
  now: number;
}

/** One SLA clock: "First response due in 25 min", "Resolution overdue by 1 h 5 min", "… paused", "… met in 12 min". */
export function SlaClockBadge({ clock, now }: SlaClockBadgeProps) {
  const state = slaClockState(clock, now);
  const { Icon, tone } = LOOKS[state];
  // Spans only: the badge sits inside the inbox row's button.
  return (
    <span
      data-sla-state={state}
      className={`inline-flex max-w-full items-start gap-1 rounded-md px-1.5 py-0.5 text-xs leading-4 font-medium ring-1 ${tone}`}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0 translate-y-px" />
      <span className="min-w-0">{slaClockText(clock, now)}</span>
    </span>
  );
}

/** A ticket's most urgent running clock (mostUrgentClock), or nothing when none runs. */
export function TicketSlaBadge({ clocks, now }: { clocks: readonly SlaClock[]; now: number }) {
  const clock = mostUrgentClock(clocks);
  return clock ? <SlaClockBadge clock={clock} now={now} /> : null;
}

import type { SessionStatus } from '@wadesk/contract';
import { describeStatus, type StatusTone } from '@/features/sessions/utils/session-status';

const TONES: Record<StatusTone, { badge: string; dot: string }> = {
  green: { badge: 'bg-brand-50 text-brand-800 ring-brand-200', dot: 'bg-brand-500' },
  amber: { badge: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500 animate-pulse' },
  red: { badge: 'bg-red-50 text-red-700 ring-red-200', dot: 'bg-red-500' },
  slate: { badge: 'bg-slate-100 text-slate-700 ring-slate-200', dot: 'bg-slate-400' },
};

interface SessionStatusBadgeProps {
  status: SessionStatus;
  reason: string | null;
  /** Also print the reason under the badge (tables); otherwise it is the badge's tooltip. */
  showReason?: boolean;
}

/** The live WhatsApp state of a session ("Connected", "Waiting for scan", "Cannot reach WhatsApp: …"). */
export function SessionStatusBadge({ status, reason, showReason = false }: SessionStatusBadgeProps) {
  const text = describeStatus(status, reason);
  const tone = TONES[text.tone];
  const extra = text.detail !== text.label ? text.detail.slice(text.label.length).replace(/^:\s*/, '') : '';
  return (
    <span className="inline-flex min-w-0 flex-col items-start gap-1">
      <span
        title={text.detail}
        data-status={status}
        className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone.badge}`}
      >
        <span aria-hidden="true" className={`size-1.5 rounded-full ${tone.dot}`} />
        {text.label}
      </span>
      {showReason && extra ? (
        <span className="line-clamp-2 max-w-56 text-xs break-words text-slate-500">{extra}</span>
      ) : null}
    </span>
  );
}

/** The sessions table's Status column: Active or Not-active. */
export function ActivePill({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
        active ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-700'
      }`}
    >
      {active ? 'Active' : 'Not-active'}
    </span>
  );
}

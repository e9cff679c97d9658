import type { FigureChange as Change } from '@/features/reports/utils/report-figures';

const TONES = {
  good: 'bg-emerald-50 text-emerald-800',
  bad: 'bg-red-50 text-red-700',
  neutral: 'bg-slate-100 text-slate-700',
} as const;

/**
 * "▲ 12%", "▼ 3 min better", "No change": the arrow and the words say the direction and whether it is
 * better, the colour only repeats them; screen readers hear the whole sentence.
 */
export function FigureChange({ change }: { change: Change | null }) {
  if (!change) return null;
  const arrow = change.direction === 'up' ? '▲' : change.direction === 'down' ? '▼' : '';
  const verdict = change.tone === 'good' ? ' better' : change.tone === 'bad' ? ' worse' : '';
  return (
    <span
      data-tone={change.tone}
      className={`inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[change.tone]}`}
    >
      <span aria-hidden="true">
        {change.direction === 'same' ? 'No change' : `${arrow} ${change.amount}${verdict}`}
      </span>
      <span className="sr-only">{change.spoken}</span>
    </span>
  );
}

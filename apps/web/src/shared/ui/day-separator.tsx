import { formatDayLabel } from '@/shared/format/day-separators';

/** The centred date chip between two days of a conversation; `day` is `YYYY-MM-DD`. */
export function DaySeparator({ day }: { day: string }) {
  return (
    <div className="flex justify-center py-2" data-day={day}>
      <span className="rounded-lg bg-white/90 px-3 py-1 text-xs font-medium text-slate-600 shadow-xs">
        {formatDayLabel(day)}
      </span>
    </div>
  );
}

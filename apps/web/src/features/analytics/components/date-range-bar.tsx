import {
  type ChatBounds,
  type DateRange,
  PRESETS,
  presetOf,
  presetRange,
} from '../../../shared/loaded-chat/date-range/date-range';

interface DateRangeBarProps {
  range: DateRange;
  bounds: ChatBounds | null;
  onChange(range: DateRange): void;
}

/** Quick presets and from/to days; the range applies to the whole view and to its drill-downs. */
export function DateRangeBar({ range, bounds, onChange }: DateRangeBarProps) {
  const active = presetOf(range, bounds);
  const shown = { from: range.from ?? bounds?.first ?? '', to: range.to ?? bounds?.last ?? '' };
  const dateInput =
    'h-9 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs outline-none focus:border-brand-600 focus:ring-4 focus:ring-brand-100 sm:w-40';
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 lg:flex-row lg:items-end lg:justify-between">
      <legend className="sr-only">Date range</legend>
      <div className="flex flex-wrap gap-2">
        {PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            aria-pressed={active === preset.id}
            onClick={() => onChange(presetRange(preset.id, bounds))}
            className={`h-8 rounded-full px-3 text-xs font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:text-sm ${
              active === preset.id
                ? 'bg-brand-700 text-white shadow-sm'
                : 'bg-slate-100 text-slate-700 hover:bg-brand-50 hover:text-brand-800'
            }`}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:items-end">
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          From
          <input
            type="date"
            className={dateInput}
            value={shown.from}
            min={bounds?.first}
            max={shown.to || bounds?.last}
            onChange={(event) => onChange({ ...range, from: event.target.value || undefined })}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          To
          <input
            type="date"
            className={dateInput}
            value={shown.to}
            min={shown.from || bounds?.first}
            max={bounds?.last}
            onChange={(event) => onChange({ ...range, to: event.target.value || undefined })}
          />
        </label>
      </div>
    </fieldset>
  );
}

import {
  type ChatBounds,
  type DateRange,
  PRESETS,
  presetOf,
  presetRange,
} from '@/shared/loaded-chat/date-range/date-range';
import { DateField } from '@/shared/ui/date-field';

interface DateRangeBarProps {
  range: DateRange;
  bounds: ChatBounds | null;
  onChange(range: DateRange): void;
}

/** Quick presets and from/to days; the range applies to the whole view and to its drill-downs. */
export function DateRangeBar({ range, bounds, onChange }: DateRangeBarProps) {
  const active = presetOf(range, bounds);
  const shown = { from: range.from ?? bounds?.first ?? '', to: range.to ?? bounds?.last ?? '' };
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
        <DateField
          label="From"
          value={shown.from}
          min={bounds?.first}
          max={shown.to || bounds?.last}
          onChange={(from) => onChange({ ...range, from: from || undefined })}
        />
        <DateField
          label="To"
          value={shown.to}
          min={shown.from || bounds?.first}
          max={bounds?.last}
          onChange={(to) => onChange({ ...range, to: to || undefined })}
        />
      </div>
    </fieldset>
  );
}

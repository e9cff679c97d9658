import {
  REPORT_GROUP_BY_LABELS,
  type ReportCalendar,
  type ReportGroupBy,
  type ReportRange,
} from '@wadesk/contract';
import { useId } from 'react';
import type { ReportParams } from '@/features/reports/hooks/use-report-params';
import { PERIOD_PRESETS, type PeriodPreset } from '@/features/reports/utils/report-period';
import { addDays } from '@/shared/format/calendar-dates';
import { DateField } from '@/shared/ui/date-field';
import { SegmentedControl } from '@/shared/ui/segmented-control';

const CALENDARS: readonly { id: ReportCalendar; label: string }[] = [
  { id: 'business', label: 'Business time' },
  { id: 'wall', label: 'Wall time' },
];

interface ReportFiltersProps {
  params: ReportParams;
  /** The groupings this member may choose. */
  groupings: readonly ReportGroupBy[];
  /** The range shown now (a custom range starts from it); null while the custom one is invalid. */
  range: ReportRange | null;
  today: string;
  rangeError: string | null;
  onChange(patch: Partial<ReportParams>): void;
}

/** Period (presets or two days), grouping and clock; every change applies at once. */
export function ReportFilters({ params, groupings, range, today, rangeError, onChange }: ReportFiltersProps) {
  const errorId = useId();
  const choosePeriod = (period: PeriodPreset) => {
    if (period !== 'custom') return onChange({ period });
    // The custom range starts as the days shown, so changing one end is one step.
    const first = range?.from ?? today;
    const last = range ? addDays(range.to, -1) : today;
    onChange({ period, first: params.first || first, last: params.last || last });
  };
  return (
    <section
      aria-label="Report settings"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="mb-1.5 text-xs font-semibold text-slate-600">Period</legend>
          {PERIOD_PRESETS.map((preset) => (
            <button
              key={preset.id}
              type="button"
              aria-pressed={params.period === preset.id}
              onClick={() => choosePeriod(preset.id)}
              className={`h-8 rounded-full px-3 text-xs font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:text-sm ${
                params.period === preset.id
                  ? 'bg-brand-700 text-white shadow-sm'
                  : 'bg-slate-100 text-slate-700 hover:bg-brand-50 hover:text-brand-800'
              }`}
            >
              {preset.label}
            </button>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex min-w-40 flex-1 flex-col gap-1 text-xs font-semibold text-slate-600 sm:flex-none">
            Group by
            <select
              value={params.groupBy}
              onChange={(event) => onChange({ groupBy: event.target.value as ReportGroupBy })}
              className="h-9 rounded-lg border border-slate-300 bg-white pr-7 pl-2.5 text-sm font-normal text-slate-800 shadow-xs focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none"
            >
              {groupings.map((grouping) => (
                <option key={grouping} value={grouping}>
                  {REPORT_GROUP_BY_LABELS[grouping]}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-col gap-1">
            <span aria-hidden="true" className="text-xs font-semibold text-slate-600">
              Count times in
            </span>
            <SegmentedControl<ReportCalendar>
              label="Count times in"
              options={CALENDARS}
              value={params.calendar}
              onChange={(calendar) => onChange({ calendar })}
            />
          </div>
        </div>
      </div>
      {params.period === 'custom' ? (
        <fieldset
          aria-describedby={rangeError ? errorId : undefined}
          className="border-t border-slate-100 pt-3"
        >
          <legend className="sr-only">Custom range</legend>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:items-end">
            <DateField label="From" value={params.first} onChange={(first) => onChange({ first })} />
            <DateField label="To" value={params.last} onChange={(last) => onChange({ last })} />
          </div>
          {rangeError ? (
            <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
              {rangeError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </section>
  );
}

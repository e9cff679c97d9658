import { SLA_FILTER_LABELS, type SlaFilter, slaFilter } from '@wadesk/contract';

const FILTERS = slaFilter.options;

/** A select's value as a filter: '' (any) or one the contract knows. */
export const toSlaFilter = (value: string | null): SlaFilter | null => {
  const parsed = slaFilter.safeParse(value);
  return parsed.success ? parsed.data : null;
};

interface SlaFilterSelectProps {
  value: SlaFilter | null;
  onChange: (value: SlaFilter | null) => void;
  /** The select's look, from the toolbar it sits in. */
  selectClassName: string;
  className?: string;
}

/** "SLA: Any / Breaching soon / Breached": the lists' server-side SLA filter (dashboard and inbox). */
export function SlaFilterSelect({ value, onChange, selectClassName, className = '' }: SlaFilterSelectProps) {
  return (
    <label className={`flex items-center gap-2 text-sm text-slate-600 ${className}`}>
      <span className="font-medium">SLA</span>
      <select
        className={selectClassName}
        value={value ?? ''}
        onChange={(event) => onChange(toSlaFilter(event.target.value))}
      >
        <option value="">Any</option>
        {FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {SLA_FILTER_LABELS[filter]}
          </option>
        ))}
      </select>
    </label>
  );
}

import { FunnelIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { allSelected, toggleAll, toggleValue } from './checkbox-filter-state';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

interface CheckboxFilterProps<V extends string> {
  /** What is filtered, e.g. "Filter by user type"; shown beside the funnel icon. */
  legend: string;
  options: readonly FilterOption<V>[];
  selected: readonly V[];
  onChange: (selected: V[]) => void;
}

const checkbox = 'size-4 rounded border-slate-300 accent-brand-700';

/** "All" plus one checkbox per value; "All" is half-ticked while only some values are. */
export function CheckboxFilter<V extends string>({
  legend,
  options,
  selected,
  onChange,
}: CheckboxFilterProps<V>) {
  const values = options.map((option) => option.value);
  const all = allSelected(values, selected);
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = !all && selected.length > 0;
  }, [all, selected.length]);

  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
      <legend className="sr-only">{legend}</legend>
      <span aria-hidden="true" className="flex items-center gap-1.5 text-slate-500">
        <FunnelIcon className="size-4" />
        {legend}
      </span>
      <label className="flex items-center gap-2">
        <input
          ref={allRef}
          type="checkbox"
          className={checkbox}
          checked={all}
          onChange={() => onChange(toggleAll(values, selected))}
        />
        All
      </label>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2">
          <input
            type="checkbox"
            className={checkbox}
            checked={selected.includes(option.value)}
            onChange={() => onChange(toggleValue(values, selected, option.value))}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

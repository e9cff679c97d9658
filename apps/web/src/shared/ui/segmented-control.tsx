interface SegmentedControlProps<T extends string | number> {
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange(value: T): void;
}

/** A row of mutually exclusive choices (day / week / month, a year). */
export function SegmentedControl<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: SegmentedControlProps<T>) {
  return (
    <fieldset className="inline-flex flex-wrap rounded-lg bg-slate-100 p-0.5">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={option.id === value}
          onClick={() => onChange(option.id)}
          className={`h-7 rounded-md px-3 text-xs font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
            option.id === value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

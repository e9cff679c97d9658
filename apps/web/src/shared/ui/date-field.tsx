import { CalendarIcon } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, useId } from 'react';
import { formatDay } from '@/shared/format/calendar-dates';

interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  min?: string;
  max?: string;
  onChange(day: string): void;
}

function openPicker(input: HTMLInputElement) {
  try {
    input.showPicker?.();
  } catch {
    // Not allowed here (e.g. no user gesture): the field still takes typed dates and arrow keys.
  }
}

/**
 * A day field that shows its date in the product's form ("12 Jan 2024") whatever the browser's locale:
 * the native date input (its calendar, keyboard and form behaviour) lies invisible over that text, and a
 * click, Enter or Space opens its calendar.
 */
export function DateField({ label, value, min, max, onChange }: DateFieldProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    openPicker(event.currentTarget);
  };
  return (
    <div className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      <label htmlFor={id}>{label}</label>
      <span className="relative flex h-9 w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs focus-within:border-brand-600 focus-within:ring-4 focus-within:ring-brand-100 sm:w-40">
        <CalendarIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span data-testid="date-field-text" className="truncate tabular-nums">
          {value ? formatDay(value) : '—'}
        </span>
        <input
          id={id}
          type="date"
          value={value}
          min={min}
          max={max}
          onChange={(event) => onChange(event.target.value)}
          onClick={(event: MouseEvent<HTMLInputElement>) => openPicker(event.currentTarget)}
          onKeyDown={onKeyDown}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        />
      </span>
    </div>
  );
}

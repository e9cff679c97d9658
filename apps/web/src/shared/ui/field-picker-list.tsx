import type { ReactNode } from 'react';

interface FieldPickerListProps<T> {
  id: string;
  label: string;
  matches: readonly T[];
  current: T | undefined;
  /** The option's element id (the field's `aria-activedescendant`). */
  optionId: (match: T) => string;
  choose: (match: T) => void;
  /** Shown when nothing matches. */
  empty: ReactNode;
  /** Vertical padding of each row. */
  rowPadding: string;
  children: (match: T) => ReactNode;
}

/** The suggestions of `useFieldPicker`, above the field; the field keeps the focus while one is clicked. */
export function FieldPickerList<T>({
  id,
  label,
  matches,
  current,
  optionId,
  choose,
  empty,
  rowPadding,
  children,
}: FieldPickerListProps<T>) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      className="absolute bottom-full left-0 z-10 mb-1 max-h-56 w-full overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
    >
      {matches.map((match) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the field drives the list from the keyboard
        <div
          key={optionId(match)}
          id={optionId(match)}
          role="option"
          tabIndex={-1}
          aria-selected={match === current}
          // Keeps the focus in the field while the option is clicked.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(match)}
          className={`cursor-pointer rounded-lg px-3 ${rowPadding} text-sm ${match === current ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
        >
          {children(match)}
        </div>
      ))}
      {matches.length === 0 ? <p className={`px-3 ${rowPadding} text-sm text-slate-500`}>{empty}</p> : null}
    </div>
  );
}

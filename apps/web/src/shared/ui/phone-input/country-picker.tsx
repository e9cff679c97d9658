import type { CountryCode } from 'libphonenumber-js';
import { SearchIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@/shared/hooks/use-debounced-value';
import { type CountryOption, countryOptions, searchCountries } from './countries';
import { CountryFlag } from './country-flag';

/** The country search waits this long after the last key. */
export const COUNTRY_SEARCH_DEBOUNCE_MS = 250;

interface CountryPickerProps {
  selected: CountryCode;
  onPick: (country: CountryCode) => void;
  onDismiss: () => void;
}

/** A search box and the matching countries (a combobox: arrows move, Enter picks, Escape closes). */
export function CountryPicker({ selected, onPick, onDismiss }: CountryPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, COUNTRY_SEARCH_DEBOUNCE_MS);
  const all = useMemo(() => countryOptions(), []);
  const matches = useMemo(() => searchCountries(all, debounced), [all, debounced]);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      matches.findIndex((c) => c.code === selected),
    ),
  );
  const listRef = useRef<HTMLDivElement>(null);

  // A new search starts at its first match.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the debounced query is the trigger
  useEffect(() => setActive(0), [debounced]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.min(Math.max(index + step, 0), Math.max(matches.length - 1, 0)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const choice = matches[active];
      if (choice) onPick(choice.code);
    } else if (event.key === 'Escape') {
      // Closes only the list, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      onDismiss();
    }
  };

  const optionId = (option: CountryOption) => `${id}-${option.code}`;
  const current = matches[active];

  return (
    <div className="mt-2 rounded-lg border border-slate-200 bg-white shadow-lg">
      <div className="relative border-b border-slate-200 p-2">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          role="combobox"
          aria-label="Search country"
          aria-expanded="true"
          aria-controls={`${id}-list`}
          aria-activedescendant={current ? optionId(current) : undefined}
          aria-autocomplete="list"
          // biome-ignore lint/a11y/noAutofocus: the list was opened to search it
          autoFocus
          placeholder="Search country or code"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className="block h-9 w-full rounded-md border border-slate-300 bg-white pr-3 pl-8 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:ring-4 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      <div
        ref={listRef}
        id={`${id}-list`}
        role="listbox"
        aria-label="Countries"
        className="max-h-52 overflow-y-auto py-1"
      >
        {matches.length === 0 ? (
          <p className="px-3 py-3 text-center text-sm text-slate-500">No country found</p>
        ) : (
          matches.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the search box drives the list from the keyboard
            <div
              key={option.code}
              id={optionId(option)}
              data-index={index}
              role="option"
              tabIndex={-1}
              aria-selected={option.code === selected}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(option.code)}
              onMouseEnter={() => setActive(index)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
                index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-700'
              } ${option.code === selected ? 'font-semibold' : ''}`}
            >
              <CountryFlag code={option.code} />
              <span className="min-w-0 flex-1 truncate">{option.name}</span>
              <span className="text-slate-500 tabular-nums">+{option.callingCode}</span>
            </div>
          ))
        )}
      </div>
    </div>
  );
}

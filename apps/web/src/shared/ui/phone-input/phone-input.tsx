import { ChevronDownIcon } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { countryOptions } from './countries';
import { CountryFlag } from './country-flag';
import { CountryPicker } from './country-picker';
import {
  callingCodeOf,
  caretAfterDigits,
  formatNational,
  isUnfinishedInternational,
  maxNationalDigits,
  onlyDigits,
  type PhoneValue,
  parseTyped,
} from './phone-number';

interface PhoneInputProps {
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string;
  name?: string;
  placeholder?: string;
}

const countryName = (code: string) => countryOptions().find((option) => option.code === code)?.name ?? code;

/**
 * An international phone number: a country picker with search (India by default), the country's
 * calling code shown but not editable, and the number laid out by the country's mask as it is typed,
 * at most 15 digits in all. Check it with `isValidPhone`, send it with `toE164`.
 */
export function PhoneInput({ label, value, onChange, error, name, placeholder }: PhoneInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  // "+44 2…" typed key by key: shown as typed until its country is recognised, then laid out by its mask.
  const [unfinished, setUnfinished] = useState<string | null>(null);
  const caret = useRef<number | null>(null);
  const code = callingCodeOf(value.country);
  const formatted = formatNational(value.country, value.national);

  // After a reformat, put the caret back after the same number of digits as before.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    const position = caretAfterDigits(formatted, caret.current);
    input.setSelectionRange(position, position);
    caret.current = null;
  });

  const onType = (text: string, selection: number | null, inputType?: string) => {
    if (isUnfinishedInternational(text, value.country)) {
      setUnfinished(text);
      return;
    }
    setUnfinished(null);
    let next = parseTyped(text, value.country);
    let digitsBefore = onlyDigits(text.slice(0, selection ?? text.length)).length;
    // Deleting a space of the mask deletes the digit beside it instead, as the user meant.
    if (unfinished === null && next.national === value.national && text.length < formatted.length) {
      const forward = inputType === 'deleteContentForward';
      const at = forward ? digitsBefore : digitsBefore - 1;
      if (at >= 0) {
        next = { ...next, national: next.national.slice(0, at) + next.national.slice(at + 1) };
        digitsBefore = at;
      }
    }
    caret.current = next.country === value.country ? Math.min(digitsBefore, next.national.length) : null;
    onChange(next);
  };

  const pick = (country: PhoneValue['country']) => {
    setPicking(false);
    setUnfinished(null);
    onChange({ country, national: value.national.slice(0, maxNationalDigits(country)) });
    inputRef.current?.focus();
  };

  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div
        className={`flex h-10 w-full items-stretch overflow-hidden rounded-lg border bg-white text-sm shadow-xs transition focus-within:ring-4 ${
          error
            ? 'border-red-400 focus-within:border-red-500 focus-within:ring-red-100'
            : 'border-slate-300 focus-within:border-brand-600 focus-within:ring-brand-100'
        }`}
      >
        <button
          type="button"
          aria-label={`Country: ${countryName(value.country)} (+${code})`}
          aria-expanded={picking}
          onClick={() => setPicking((open) => !open)}
          className="flex shrink-0 items-center gap-1 border-r border-slate-200 bg-slate-50 px-2.5 text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
        >
          <CountryFlag code={value.country} />
          <ChevronDownIcon className={`size-4 text-slate-500 transition ${picking ? 'rotate-180' : ''}`} />
        </button>
        <span
          data-testid="phone-calling-code"
          className="flex shrink-0 items-center pl-3 font-medium text-slate-500 tabular-nums select-none"
        >
          +{code}
        </span>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={placeholder}
          value={unfinished ?? formatted}
          onChange={(event) =>
            onType(
              event.target.value,
              event.target.selectionStart,
              (event.nativeEvent as InputEvent).inputType,
            )
          }
          className="min-w-0 flex-1 bg-transparent px-2 text-slate-900 tabular-nums placeholder:text-slate-400 focus:outline-none"
        />
      </div>
      {picking ? (
        <CountryPicker selected={value.country} onPick={pick} onDismiss={() => setPicking(false)} />
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

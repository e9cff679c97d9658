import { useId } from 'react';

interface AuthorSelectProps {
  authors: string[];
  value: string | null;
  onChange(author: string): void;
  label: string;
  className?: string;
  selectClassName?: string;
}

/** Picks the active sender (whose messages show on the right) from every author except system. */
export function AuthorSelect({
  authors,
  value,
  onChange,
  label,
  className = '',
  selectClassName = 'max-w-44',
}: AuthorSelectProps) {
  const id = useId();
  return (
    <div className={`flex min-w-0 items-center gap-2 ${className}`}>
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-slate-500">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className={`h-8 min-w-0 truncate rounded-lg border border-slate-300 bg-white pr-7 pl-2 text-sm text-slate-800 shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 ${selectClassName}`}
      >
        {authors
          .filter((author) => author !== 'system')
          .map((author) => (
            <option key={author} value={author}>
              {author}
            </option>
          ))}
      </select>
    </div>
  );
}

import { SearchIcon } from 'lucide-react';

export function SearchInput({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div className="relative">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        data-autofocus
        // biome-ignore lint/a11y/noAutofocus: the search box is opened to be typed in
        autoFocus
        aria-label="Search messages"
        placeholder="Search..."
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus:border-brand-600 focus:ring-4 focus:ring-brand-100"
      />
    </div>
  );
}

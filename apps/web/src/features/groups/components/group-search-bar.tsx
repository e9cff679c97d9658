import { ChevronDownIcon, ChevronUpIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { SearchState } from '@/features/groups/hooks/use-group-search';
import { Spinner } from '@/shared/ui/spinner';

interface GroupSearchBarProps {
  search: SearchState & {
    search: (query: string) => void;
    step: (older: boolean) => void;
  };
  onClose: () => void;
}

const iconButton =
  'rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * The search within a group: type and press Enter; the hits step newest to oldest (up, Enter) and back
 * (down, Shift+Enter); Esc closes the bar.
 */
export function GroupSearchBar({ search, onClose }: GroupSearchBarProps) {
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const count = search.hits.length;
  const asked = search.status === 'done' && search.query === text.trim();

  const onKey = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (asked) search.step(!event.shiftKey);
      else search.search(text);
    }
  };

  let status = '';
  if (search.status === 'searching') status = 'Searching…';
  else if (search.status === 'error') status = search.error ?? '';
  else if (search.status === 'done')
    status =
      count === 0 ? 'No matches' : `${search.current + 1} of ${count}${search.truncated ? ' newest' : ''}`;

  return (
    <search
      className="flex items-center gap-1.5 border-b border-slate-200 bg-white px-3 py-1.5 sm:px-4"
      aria-label="Search in this group"
    >
      <input
        ref={input}
        type="search"
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKey}
        placeholder="Search messages"
        aria-label="Search messages in this group"
        data-testid="group-search-input"
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-200"
      />
      <span
        role="status"
        className="min-w-16 text-right text-xs whitespace-nowrap text-slate-600"
        data-testid="group-search-status"
      >
        {search.status === 'searching' ? <Spinner className="inline size-3.5" label="Searching" /> : status}
      </span>
      <button
        type="button"
        className={iconButton}
        aria-label="Older match"
        disabled={count === 0}
        onClick={() => search.step(true)}
      >
        <ChevronUpIcon className="size-4" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label="Newer match"
        disabled={count === 0}
        onClick={() => search.step(false)}
      >
        <ChevronDownIcon className="size-4" />
      </button>
      <button type="button" className={iconButton} aria-label="Close search" onClick={onClose}>
        <XIcon className="size-4" />
      </button>
    </search>
  );
}

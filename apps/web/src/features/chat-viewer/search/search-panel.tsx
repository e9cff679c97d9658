import type { ChatMessage } from '@wadesk/chat-export';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogBehaviour } from '../../../shared/hooks/use-dialog-behaviour';
import { CloseIcon } from '../../../shared/ui/icons';
import { SearchInput } from './search-input';
import { SearchResults } from './search-results';
import type { ChatSearch } from './use-chat-search';

interface SearchViewProps {
  search: ChatSearch;
  messages: ChatMessage[];
  onPick(index: number): void;
  onClose(): void;
  /** Says what is searched when it is not the whole chat (a drill-down's messages). */
  scope?: string | null;
}

/** The mobile "Search Messages" side panel: full height; full width (70 % medium, 50 % large screens). */
export function SearchPanel(props: SearchViewProps) {
  return createPortal(<Panel {...props} />, document.body);
}

function Panel({ search, messages, onPick, onClose, scope }: SearchViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  useDialogBehaviour(ref, onClose);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby="search-panel-title"
      tabIndex={-1}
      className="fixed inset-y-0 right-0 z-50 flex h-dvh w-full flex-col bg-white shadow-2xl outline-none animate-fade-in md:w-[70%] lg:w-1/2"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="search-panel-title" className="text-lg font-semibold text-slate-900">
          Search Messages
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
        <SearchInput value={search.query} onChange={search.setQuery} />
        <SearchScope scope={scope} />
        <SearchResults
          messages={messages}
          hits={search.hits}
          pending={search.pending}
          query={search.query}
          emptyWithoutQuery
          onPick={onPick}
          className="max-h-[80%] rounded-lg border border-slate-200"
        />
      </div>
    </div>
  );
}

/** The desktop compact dropdown under the search toggle. */
export function SearchDropdown({ search, messages, onPick, onClose, scope }: SearchViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // A click outside the dropdown and its toggle closes it.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const anchor = ref.current?.parentElement;
      if (anchor && event.target instanceof Node && !anchor.contains(event.target)) closeRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-label="Search Messages"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="absolute top-full right-0 z-40 mt-2 w-[26rem] max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-xl animate-pop-in"
    >
      <SearchInput value={search.query} onChange={search.setQuery} />
      <SearchScope scope={scope} />
      <div className="mt-2">
        <SearchResults
          messages={messages}
          hits={search.hits}
          pending={search.pending}
          query={search.query}
          emptyWithoutQuery={false}
          onPick={onPick}
          className="max-h-52"
        />
      </div>
    </div>
  );
}

function SearchScope({ scope }: { scope?: string | null }) {
  return scope ? <p className="mt-2 text-xs text-slate-500">{scope}</p> : null;
}

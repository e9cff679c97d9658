import type { ChatMessage } from '@wadesk/chat-export';
import { useEffect, useRef } from 'react';
import { Drawer } from '@/shared/ui/dialog';
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
export function SearchPanel({
  open,
  search,
  messages,
  onPick,
  onClose,
  scope,
}: SearchViewProps & { open: boolean }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Search Messages"
      side="right"
      width="w-full md:w-[70%] lg:w-1/2"
    >
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
    </Drawer>
  );
}

/** The desktop compact dropdown under the search toggle. */
export function SearchDropdown({ search, messages, onPick, onClose, scope }: SearchViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // A click outside the dropdown and its toggle closes it.
  useEffect(() => {
    const anchor = ref.current?.parentElement;
    const onPointerDown = (event: PointerEvent) => {
      if (anchor && event.target instanceof Node && !anchor.contains(event.target)) closeRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      // Closed from inside (Escape, a picked result), the focus went with it: back to the toggle, as a
      // dialog returns it to its opener (docs/web-structure.md). A click elsewhere keeps its own focus.
      if (document.activeElement === document.body || !document.activeElement) {
        anchor?.querySelector<HTMLElement>('button[aria-expanded]')?.focus();
      }
    };
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

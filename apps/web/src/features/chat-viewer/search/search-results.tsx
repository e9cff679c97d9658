import type { ChatMessage } from '@wadesk/chat-export';
import { buildSnippet } from '@/features/chat-viewer/utils/snippet';
import { formatWallClock } from '@/shared/format/calendar-dates';
import type { SearchHit } from '@/shared/loaded-chat/engine/engine-protocol';
import { SEARCH_LIMIT } from '@/shared/loaded-chat/state/chat-provider';
import { Spinner } from '@/shared/ui/spinner';
import { MIN_SEARCH_CHARS } from './use-chat-search';

export const TOO_SHORT = 'Type at least 2 characters';

interface SearchResultsProps {
  messages: ChatMessage[];
  hits: SearchHit[];
  pending: boolean;
  /** Show "No messages found!" when there is nothing, even before a query (the mobile panel does). */
  emptyWithoutQuery: boolean;
  query: string;
  onPick(index: number): void;
  className: string;
}

/** Result rows: the message date, the text around the match with the match marked, and its author. */
export function SearchResults({
  messages,
  hits,
  pending,
  emptyWithoutQuery,
  query,
  onPick,
  className,
}: SearchResultsProps) {
  const typed = query.trim().length;
  const hasQuery = typed > 0;
  // One character is not searched (the minimum is two): say so rather than "nothing found".
  if (typed > 0 && typed < MIN_SEARCH_CHARS) {
    return <p className="px-4 py-6 text-center text-sm text-slate-500">{TOO_SHORT}</p>;
  }
  if (pending && hasQuery) {
    return (
      <div className="flex justify-center py-6 text-brand-600">
        <Spinner label="Searching" />
      </div>
    );
  }
  if (hits.length === 0) {
    return emptyWithoutQuery || hasQuery ? (
      <p className="px-4 py-6 text-center text-sm text-slate-500">No messages found!</p>
    ) : null;
  }
  const found =
    hits.length >= SEARCH_LIMIT
      ? `First ${SEARCH_LIMIT} messages found`
      : `${hits.length} ${hits.length === 1 ? 'message' : 'messages'} found`;
  return (
    <>
      <p className="px-1 pb-1.5 text-xs font-medium text-slate-500" aria-live="polite">
        {found}
      </p>
      <ul
        className={`divide-y divide-slate-100 overflow-y-auto overscroll-contain ${className}`}
        aria-label="Search results"
      >
        {hits.map((hit) => {
          const message = messages[hit.index];
          if (!message) return null;
          const snippet = buildSnippet(hit.text, hit.start, hit.end);
          return (
            <li key={hit.index}>
              <button
                type="button"
                onClick={() => onPick(hit.index)}
                className="block w-full px-4 py-2.5 text-left hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
              >
                <span className="block text-xs font-medium text-slate-500 tabular-nums">
                  {formatWallClock(message.date, message.datetime)}
                </span>
                <span className="mt-0.5 block text-sm break-words text-slate-800">
                  {snippet.cutStart ? '…' : ''}
                  {snippet.before}
                  {snippet.match ? (
                    <mark className="rounded-sm bg-amber-200 px-0.5 text-slate-900">{snippet.match}</mark>
                  ) : null}
                  {snippet.after}
                  {snippet.cutEnd ? '…' : ''}
                </span>
                <span className="mt-0.5 block truncate text-xs text-slate-500">author: {message.author}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

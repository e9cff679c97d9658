import { useEffect, useState } from 'react';
import type { SearchHit } from '@/shared/loaded-chat/engine/engine-protocol';
import { useChatActions } from '@/shared/loaded-chat/state/chat-provider';

export const SEARCH_DEBOUNCE_MS = 500;
/** Shorter queries are not searched. */
export const MIN_SEARCH_CHARS = 2;

export interface ChatSearch {
  query: string;
  setQuery(query: string): void;
  hits: SearchHit[];
  /** A search for the current query has not answered yet. */
  pending: boolean;
}

/**
 * The search box's state: queries are debounced 500 ms and answered by the chat engine's worker.
 * `within`: search only these message positions (the drill-down's messages), when given.
 */
export function useChatSearch(revision: number, within?: readonly number[] | null): ChatSearch {
  const { search } = useChatActions();
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{
    query: string;
    revision: number;
    within?: readonly number[] | null;
    hits: SearchHit[];
  }>({ query: '', revision, within, hits: [] });

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed.length < MIN_SEARCH_CHARS) {
      setResult({ query, revision, within, hits: [] });
      return;
    }
    let active = true;
    const timer = setTimeout(() => {
      (within ? search(trimmed, undefined, within) : search(trimmed)).then(
        (hits) => active && setResult({ query, revision, within, hits }),
        () => active && setResult({ query, revision, within, hits: [] }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [query, revision, search, within]);

  const current = result.query === query && result.revision === revision && result.within === within;
  return { query, setQuery, hits: current ? result.hits : [], pending: !current };
}

import type { GroupSearchHit, SessionGroup } from '@wadesk/contract';
import { useCallback, useRef, useState } from 'react';
import { searchGroupMessages } from '@/features/groups/api/groups-api';
import { errorMessage } from '@/shared/api/api-error';

export interface SearchState {
  status: 'idle' | 'searching' | 'done' | 'error';
  /** The query the hits are for. */
  query: string;
  /** Newest first, as the server answers. */
  hits: GroupSearchHit[];
  truncated: boolean;
  /** Index in `hits` of the hit shown; 0 is the newest. */
  current: number;
  error: string | null;
}

const IDLE: SearchState = { status: 'idle', query: '', hits: [], truncated: false, current: 0, error: null };

/**
 * Search within a group on the server (POST /api/searchGroupMsgs/), and stepping between its hits:
 * `show(hit)` is called for the hit to bring into view (the pane loads the page around it).
 */
export function useGroupSearch(group: SessionGroup, show: (hit: GroupSearchHit) => void) {
  const [state, setState] = useState<SearchState>(IDLE);
  const stateRef = useRef(state);
  stateRef.current = state;
  const call = useRef(0);
  const { session_id, group_id } = group;

  const search = useCallback(
    async (query: string) => {
      const text = query.trim();
      const id = ++call.current;
      if (!text) {
        setState(IDLE);
        return;
      }
      setState((previous) => ({ ...previous, status: 'searching', query: text, error: null }));
      try {
        const answer = await searchGroupMessages({ session_id, group_id, query: text });
        if (id !== call.current) return;
        setState({
          status: 'done',
          query: text,
          hits: answer.hits,
          truncated: answer.truncated,
          current: 0,
          error: null,
        });
        const first = answer.hits[0];
        if (first) show(first);
      } catch (error) {
        if (id !== call.current) return;
        setState({
          ...IDLE,
          status: 'error',
          query: text,
          error: errorMessage(error, 'The search failed. Try again.'),
        });
      }
    },
    [session_id, group_id, show],
  );

  /** `older`: the next hit back in time (the arrow up), else the next newer one; both wrap around. */
  const step = useCallback(
    (older: boolean) => {
      const previous = stateRef.current;
      const count = previous.hits.length;
      if (count === 0) return;
      const current = (previous.current + (older ? 1 : count - 1)) % count;
      const hit = previous.hits[current];
      setState({ ...previous, current });
      if (hit) show(hit);
    },
    [show],
  );

  const clear = useCallback(() => {
    call.current += 1;
    setState(IDLE);
  }, []);

  return { ...state, search, step, clear };
}

import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useChatActions } from '@/shared/loaded-chat/state/chat-provider';
import { type DrillDown, readDrillDown } from './drill-down';

export interface ViewerFilter {
  drillDown: DrillDown;
  /** Positions in the chat of the messages shown, ascending; null while the worker selects them. */
  indices: number[] | null;
  /** Shows the whole chat again. */
  clear(): void;
}

/**
 * The Messages screen's drill-down from the Analysis screen, if its history entry carries one: the
 * messages behind the figure, selected in the chat engine's worker (selectMessages).
 */
export function useDrillDown(revision: number): ViewerFilter | null {
  const location = useLocation();
  const navigate = useNavigate();
  const { select } = useChatActions();
  const drillDown = useMemo(() => readDrillDown(location.state), [location.state]);
  const key = drillDown ? JSON.stringify(drillDown) : null;
  const [result, setResult] = useState<{ key: string; revision: number; indices: number[] } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the drill-down
  useEffect(() => {
    if (!drillDown || key === null) return;
    let current = true;
    const { from, to } = drillDown.range;
    select(drillDown.filter, { ...(from ? { from } : {}), ...(to ? { to } : {}) }).then(
      (indices) => current && setResult({ key, revision, indices }),
      (error: unknown) => {
        console.error('The messages of the filter could not be selected', error);
        if (current) setResult({ key, revision, indices: [] });
      },
    );
    return () => {
      current = false;
    };
  }, [key, revision, select]);

  if (!drillDown) return null;
  const fresh = result && result.key === key && result.revision === revision;
  return {
    drillDown,
    indices: fresh ? result.indices : null,
    clear: () =>
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null }),
  };
}

/** The position of a chat message among the shown ones (binary search), or -1 when it is not shown. */
export function positionOf(indices: readonly number[], index: number): number {
  let lo = 0;
  let hi = indices.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = indices[mid] as number;
    if (value === index) return mid;
    if (value < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

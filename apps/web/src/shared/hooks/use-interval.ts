import { useEffect, useLayoutEffect, useRef } from 'react';

/** Calls `callback` every `ms` while mounted and `enabled`; the newest callback is always the one called. */
export function useInterval(callback: () => void, ms: number, enabled = true): void {
  const ref = useRef(callback);
  useLayoutEffect(() => {
    ref.current = callback;
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => ref.current(), ms);
    return () => clearInterval(timer);
  }, [ms, enabled]);
}

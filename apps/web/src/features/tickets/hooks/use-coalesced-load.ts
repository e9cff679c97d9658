import { useCallback, useRef } from 'react';

/**
 * Runs `load` so that calls never overlap: a call made while one is running waits and runs once after
 * it (however many were made), so a burst of events and polls costs at most two requests.
 */
export function useCoalescedLoad(load: () => Promise<void>): () => Promise<void> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  return useCallback(() => {
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const run = async (): Promise<void> => {
      try {
        await loadRef.current();
      } finally {
        if (again.current) {
          again.current = false;
          await run();
        }
      }
    };
    running.current = run().finally(() => {
      running.current = null;
    });
    return running.current;
  }, []);
}

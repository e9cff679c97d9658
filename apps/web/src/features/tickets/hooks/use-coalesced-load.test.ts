import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCoalescedLoad } from './use-coalesced-load';

describe('useCoalescedLoad', () => {
  it('never overlaps calls and runs a burst made meanwhile once more afterwards', async () => {
    const finishers: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const { result } = renderHook(() =>
      useCoalescedLoad(
        () =>
          new Promise<void>((resolve) => {
            running++;
            most = Math.max(most, running);
            finishers.push(() => {
              running--;
              resolve();
            });
          }),
      ),
    );
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current();
      void result.current();
      void result.current();
    });
    expect(finishers).toHaveLength(1);
    await act(async () => finishers[0]?.());
    expect(finishers).toHaveLength(2); // the burst of two ran once
    await act(async () => finishers[1]?.());
    await done;
    expect(most).toBe(1);
    await act(async () => {
      void result.current();
    });
    expect(finishers).toHaveLength(3); // idle again: a new call runs at once
  });
});

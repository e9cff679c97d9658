import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_SECONDS, useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows 100 and does not move while not running', () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useCountdown(null, onExpire));
    expect(result.current).toBe(QR_SECONDS);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(100);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('ticks once per second, and at 0 expires and resets to 100', () => {
    const onExpire = vi.fn();
    const { result } = renderHook(() => useCountdown(1, onExpire));
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(100);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(99);
    act(() => vi.advanceTimersByTime(98_000));
    expect(result.current).toBe(1);
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(100);
    // It does not keep running on its own after expiring.
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(100);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('starts again from 100 when regenerated (a new run key)', () => {
    const onExpire = vi.fn();
    const { result, rerender } = renderHook(({ key }) => useCountdown(key, onExpire), {
      initialProps: { key: 1 as number | null },
    });
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toBe(70);
    rerender({ key: 2 });
    expect(result.current).toBe(100);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(99);
    rerender({ key: null });
    expect(result.current).toBe(100);
    act(() => vi.advanceTimersByTime(200_000));
    expect(onExpire).not.toHaveBeenCalled();
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteFallback } from './route-fallback';

afterEach(() => vi.useRealTimers());

describe('RouteFallback', () => {
  it('shows nothing while a screen loads fast, and a spinner once it takes long', () => {
    vi.useFakeTimers();
    render(<RouteFallback />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(399));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status', { name: 'Loading the page' })).toBeTruthy();
  });
});

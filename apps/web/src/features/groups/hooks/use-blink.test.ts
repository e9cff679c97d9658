import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authorKey, useBlink } from './use-blink';

describe('useBlink', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('blinks an author for 3 s', () => {
    const { result } = renderHook(() => useBlink());
    expect(result.current.blinking).toBeNull();
    act(() => result.current.blink('a@s.whatsapp.net'));
    expect(result.current.blinking).toBe('a@s.whatsapp.net');
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.blinking).toBe('a@s.whatsapp.net');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.blinking).toBeNull();
  });

  it('a click on another author moves the blink and starts the 3 s again', () => {
    const { result } = renderHook(() => useBlink());
    act(() => result.current.blink('a'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.blink('b'));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.blinking).toBe('b');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.blinking).toBeNull();
  });

  it('keys our own messages together and others by sender', () => {
    expect(authorKey({ from_me: true, author: null })).toBe('me');
    expect(authorKey({ from_me: false, author: '91@s.whatsapp.net' })).toBe('91@s.whatsapp.net');
  });
});

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/storage/storage';
import { getCurrentSessionId, setCurrentSessionId, useCurrentSessionId } from './current-session';

describe('current session id', () => {
  it('lives in local storage as sessionID and updates its readers', () => {
    const { result } = renderHook(() => useCurrentSessionId());
    expect(result.current).toBeNull();
    act(() => setCurrentSessionId('s-1'));
    expect(result.current).toBe('s-1');
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe('s-1');
    act(() => setCurrentSessionId(null));
    expect(result.current).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBeNull();
  });

  it('forgets the id when storage is cleared (logout)', () => {
    setCurrentSessionId('s-2');
    localStorage.removeItem(STORAGE_KEYS.sessionId);
    expect(getCurrentSessionId()).toBeNull();
  });
});

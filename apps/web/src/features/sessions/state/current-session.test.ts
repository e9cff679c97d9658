import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/shared/storage/storage';
import { getCurrentSessionId, setCurrentSessionId } from './current-session';

describe('current session id', () => {
  it('lives in local storage as sessionID', () => {
    expect(getCurrentSessionId()).toBeNull();
    setCurrentSessionId('s-1');
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe('s-1');
    expect(getCurrentSessionId()).toBe('s-1');
    setCurrentSessionId(null);
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBeNull();
  });

  it('forgets the id when storage is cleared (logout)', () => {
    setCurrentSessionId('s-2');
    localStorage.removeItem(STORAGE_KEYS.sessionId);
    expect(getCurrentSessionId()).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { activeSessionsStorage, sessionIdStorage, tokenStorage } from './storage';

describe('storage', () => {
  it('keeps tokens under accessToken and refreshToken and clears both', () => {
    tokenStorage.setTokens({ access_token: 'a1', refresh_token: 'r1' });
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    tokenStorage.clear();
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
  });

  it('keeps the session id under sessionID', () => {
    sessionIdStorage.set('s-1');
    expect(localStorage.getItem('sessionID')).toBe('s-1');
  });

  it('round-trips activeSessions and ignores malformed data', () => {
    const sessions = [{ id: 1, session_name: 'Support', sessionId: 'abc' }];
    activeSessionsStorage.set(sessions);
    expect(activeSessionsStorage.get()).toEqual(sessions);
    localStorage.setItem('activeSessions', '{not json');
    expect(activeSessionsStorage.get()).toEqual([]);
  });
});

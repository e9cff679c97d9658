import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { endSession } from '@/shared/api/api-client';
import { gettingStartedHidden } from '@/shared/storage/getting-started';
import { replyDrafts, unsentReplies } from '@/shared/storage/reply-drafts';
import { STORAGE_KEYS, sessionIdStorage, tokenStorage } from '@/shared/storage/storage';
import { createTestQueryClient } from '@/testing/query-wrapper';
import { AuthProvider, useAuth } from './auth-context';

function setup() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
  const view = renderHook(() => useAuth(), { wrapper });
  return { client, ...view };
}

describe('AuthProvider', () => {
  it('signs in, and signing out forgets the tokens, the current session, every cached answer and the member keys', () => {
    const { client, result } = setup();
    expect(result.current.isSignedIn).toBe(false);
    act(() => result.current.signIn({ access_token: 'a', refresh_token: 'r' }));
    expect(result.current.isSignedIn).toBe(true);
    expect(result.current.refreshToken()).toBe('r');

    sessionIdStorage.set('s-1');
    client.setQueryData(['agents', 'list'], [{ id: 1 }]);
    replyDrafts.set(3, 12, 'Half a reply');
    gettingStartedHidden.set(3);
    gettingStartedHidden.set(4);
    act(() => result.current.signOut());
    expect(replyDrafts.get(3, 12)).toBe('');
    expect(gettingStartedHidden.get(3)).toBe(false);
    expect(gettingStartedHidden.get(4)).toBe(false);
    expect(result.current.isSignedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBeNull();
    expect(client.getQueryData(['agents', 'list'])).toBeUndefined();
  });

  it('follows the API client: a session it could not renew signs out and clears the cache', () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const { client, result } = setup();
    expect(result.current.isSignedIn).toBe(true);
    client.setQueryData(['tickets', 'list', 50], []);
    act(() => endSession(false));
    expect(result.current.isSignedIn).toBe(false);
    expect(client.getQueryData(['tickets', 'list', 50])).toBeUndefined();
  });

  it('a session it could not renew also removes every unsent reply draft in this browser', () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    replyDrafts.set(3, 12, 'Your refund is on its way');
    replyDrafts.set(4, 13, "Another member's draft");
    unsentReplies.set(12, true);
    const { result } = setup();
    act(() => endSession(false));
    expect(result.current.isSignedIn).toBe(false);
    expect(replyDrafts.get(3, 12)).toBe('');
    expect(replyDrafts.get(4, 13)).toBe('');
    expect(unsentReplies.has()).toBe(false);
  });

  it('signs in with a link token alone (no refresh token)', () => {
    const { result } = setup();
    act(() => result.current.signInWithAccessToken('from-link'));
    expect(result.current.isSignedIn).toBe(true);
    expect(result.current.refreshToken()).toBeNull();
  });
});

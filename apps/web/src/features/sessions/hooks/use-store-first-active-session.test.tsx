import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCurrentSessionId } from '@/features/sessions/state/current-session';
import { STORAGE_KEYS, tokenStorage } from '@/shared/storage/storage';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, stubFetch } from '@/testing/render-routes';
import { useStoreFirstActiveSession } from './use-store-first-active-session';

const session = (sessionId: string, isActive: boolean) => ({
  sessionId,
  session_name: sessionId.toUpperCase(),
  description: 'd',
  isActive,
  status: isActive ? 'connected' : 'terminated',
  reason: null,
  phone: null,
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2024-03-01T10:00:00Z',
});

describe('useStoreFirstActiveSession', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('stores the first active session id in shared state and local storage', async () => {
    stubFetch(() =>
      jsonResponse(200, {
        session_list: [session('old', false), session('s2', true), session('s3', true)],
        session_count: 3,
        driver: 'simulator',
      }),
    );
    renderHook(() => useStoreFirstActiveSession(), { wrapper: AppProviders });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe('s2'));
    expect(getCurrentSessionId()).toBe('s2');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.activeSessions) ?? '[]')).toHaveLength(2);
  });

  it('keeps the stored id when no session is active', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionId, 'kept');
    const fetchMock = stubFetch(() =>
      jsonResponse(200, { session_list: [session('old', false)], session_count: 1, driver: 'baileys' }),
    );
    renderHook(() => useStoreFirstActiveSession(), { wrapper: AppProviders });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getCurrentSessionId()).toBe('kept');
  });
});

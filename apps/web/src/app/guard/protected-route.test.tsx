import { act, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { ProtectedRoute } from './protected-route';

const user = {
  id: 7,
  email: 'asha@example.com',
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'owner',
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
};

function Secret() {
  const { user } = useAuth();
  return (
    <p>
      secret for {user?.first_name} as {user?.role}
    </p>
  );
}
function LoginProbe() {
  const state = useLocation().state as { sessionCheckFailed?: boolean } | null;
  return <p>login page{state?.sessionCheckFailed ? ' (check failed)' : ''}</p>;
}

const routes = [
  { path: '/login', element: <LoginProbe /> },
  { element: <ProtectedRoute />, children: [{ path: '/dashboard', element: <Secret /> }] },
];

const bearer = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.authorization;

describe('ProtectedRoute', () => {
  it('sends a visitor without a token to /login without calling the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500));
    const { router } = renderRoutes(routes, '/dashboard');
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a spinner while checking, then the child on 200', async () => {
    tokenStorage.setTokens({ access_token: 'good', refresh_token: 'r' });
    stubFetch(() => jsonResponse(200, { user }));
    renderRoutes(routes, '/dashboard');
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeTruthy();
    expect(await screen.findByText('secret for Asha as owner')).toBeTruthy();
  });

  it('refreshes once on a 401, keeps the rotated tokens and retries the check', async () => {
    tokenStorage.setTokens({ access_token: 'expired', refresh_token: 'old-refresh' });
    const fetchMock = stubFetch((path, init) => {
      if (path === '/users/refresh_token/')
        return jsonResponse(200, { access_token: 'new', refresh_token: 'r2' });
      return bearer(init) === 'Bearer new'
        ? jsonResponse(200, { user })
        : jsonResponse(401, { message: 'Expired' });
    });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('secret for Asha as owner')).toBeTruthy();
    const refreshCalls = fetchMock.mock.calls.filter(([path]) => path === '/users/refresh_token/');
    expect(refreshCalls).toHaveLength(1);
    expect(sentBody(refreshCalls[0]?.[1])).toEqual({ refresh_token: 'old-refresh' });
    expect(tokenStorage.getAccessToken()).toBe('new');
    expect(tokenStorage.getRefreshToken()).toBe('r2');
  });

  it('clears both tokens and goes to /login when the refresh fails', async () => {
    tokenStorage.setTokens({ access_token: 'expired', refresh_token: 'revoked' });
    stubFetch(() => jsonResponse(401, { message: 'Invalid token' }));
    const { router } = renderRoutes(routes, '/dashboard');
    await screen.findByText(/login page/);
    expect(router.state.location.pathname).toBe('/login');
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(screen.queryByText(/secret/)).toBeNull();
  });

  it('goes to /login on any other error, telling it not to bounce back', async () => {
    tokenStorage.setTokens({ access_token: 'good', refresh_token: 'r' });
    stubFetch(() => jsonResponse(500, { message: 'Boom' }));
    const { router } = renderRoutes(routes, '/dashboard');
    await screen.findByText('login page (check failed)');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('follows a role change announced on the event stream without a reload', async () => {
    stubEventSource();
    tokenStorage.setTokens({ access_token: 'good', refresh_token: 'r' });
    let role = 'owner';
    stubFetch((path) =>
      path === '/events/stream-token/'
        ? jsonResponse(200, { stream_token: 'tk', expires_in: 60 })
        : jsonResponse(200, { user: { ...user, role } }),
    );
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByText('secret for Asha as owner')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    role = 'admin';
    act(() => FakeEventSource.current()?.emit({ type: 'members.updated' }));
    expect(await screen.findByText('secret for Asha as admin')).toBeTruthy();
  });
});

import { act, screen } from '@testing-library/react';
import { authMessages } from '@wadesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoogleCredentialResponse } from '@/features/auth/hooks/google-identity';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { GoogleSignIn } from './google-sign-in';

function fakeGoogle() {
  let callback: ((response: GoogleCredentialResponse) => void) | undefined;
  const identity = {
    initialize: vi.fn((options: { callback: (response: GoogleCredentialResponse) => void }) => {
      callback = options.callback;
    }),
    renderButton: vi.fn((parent: HTMLElement) => {
      parent.append(Object.assign(document.createElement('div'), { textContent: 'Sign in with Google' }));
    }),
  };
  window.google = { accounts: { id: identity } };
  return { identity, respond: (response: GoogleCredentialResponse) => callback?.(response) };
}

const routes = [
  { path: '/login', element: <GoogleSignIn clientId="client-123" /> },
  { path: '/dashboard', element: <p>dashboard</p> },
];

describe('GoogleSignIn', () => {
  afterEach(() => {
    delete window.google;
  });

  it("renders Google's button and exchanges the credential for our tokens", async () => {
    const google = fakeGoogle();
    const fetchMock = stubFetch(() => jsonResponse(200, { access_token: 'ga', refresh_token: 'gr' }));
    const { router } = renderRoutes(routes, '/login');
    await screen.findByText('Sign in with Google');
    expect(google.identity.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123' }),
    );

    await act(async () => google.respond({ credential: 'jwt-from-google' }));
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/users/google-login-internal/');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({ credential: 'jwt-from-google' });
    expect(tokenStorage.getRefreshToken()).toBe('gr');
  });

  it('tells the user when the sign-in removed the password and ended every other sign-in', async () => {
    const google = fakeGoogle();
    stubFetch(() =>
      jsonResponse(200, { access_token: 'ga', refresh_token: 'gr', notice: authMessages.googleTookOver }),
    );
    renderRoutes(routes, '/login');
    await screen.findByText('Sign in with Google');
    await act(async () => google.respond({ credential: 'jwt-from-google' }));
    await screen.findByText('dashboard');
    expect(await screen.findByText(authMessages.googleTookOver)).toBeTruthy();
  });

  it('says so when Google gives no credential', async () => {
    const google = fakeGoogle();
    renderRoutes(routes, '/login');
    await screen.findByText('Sign in with Google');
    await act(async () => google.respond({}));
    expect(await screen.findByText('Google login was unsuccessful.')).toBeTruthy();
  });

  it('says so when our server refuses the credential', async () => {
    const google = fakeGoogle();
    stubFetch(() => jsonResponse(401, { message: 'Invalid Google credential.' }));
    renderRoutes(routes, '/login');
    await screen.findByText('Sign in with Google');
    await act(async () => google.respond({ credential: 'bad' }));
    expect(await screen.findByText('Something went wrong with Google login')).toBeTruthy();
    expect(tokenStorage.getAccessToken()).toBeNull();
  });
});

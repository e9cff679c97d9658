import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuthUser, authMessages } from '@wadesk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GoogleCredentialResponse } from '@/features/auth/hooks/google-identity';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { PublicConfigContext } from '@/shared/config/public-config';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { LinkGoogleNavItem } from './link-google';

const asha: AuthUser = {
  id: 7,
  email: 'asha@example.com',
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'owner',
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
};
const config = {
  google_client_id: 'client-123',
  demo_video_url: null,
  whatsapp_driver: 'baileys' as const,
  contact_email: null,
};

function fakeGoogle() {
  let callback: ((response: GoogleCredentialResponse) => void) | undefined;
  window.google = {
    accounts: {
      id: {
        initialize: vi.fn((options: { callback: (response: GoogleCredentialResponse) => void }) => {
          callback = options.callback;
        }),
        renderButton: vi.fn((parent: HTMLElement) => {
          parent.append(
            Object.assign(document.createElement('div'), { textContent: 'Continue with Google' }),
          );
        }),
      },
    },
  };
  return { respond: (response: GoogleCredentialResponse) => callback?.(response) };
}

const render = (user: AuthUser, clientId: string | null = 'client-123') =>
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <PublicConfigContext.Provider
            value={{ status: 'ready', config: { ...config, google_client_id: clientId } }}
          >
            <AuthUserProvider user={user}>
              <LinkGoogleNavItem />
            </AuthUserProvider>
          </PublicConfigContext.Provider>
        ),
      },
    ],
    '/dashboard',
  );

describe('Link Google account (account menu)', () => {
  afterEach(() => {
    delete window.google;
  });

  it('links the Google account while signed in, keeping this sign-in, and then is gone', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const google = fakeGoogle();
    const fetchMock = stubFetch(() =>
      jsonResponse(200, { success: true, message: authMessages.googleLinked }),
    );
    const user = userEvent.setup();
    render(asha);
    await user.click(screen.getByRole('button', { name: 'Link Google account' }));
    const dialog = screen.getByRole('dialog', { name: 'Link your Google account' });
    expect(dialog.textContent).toContain('asha@example.com');
    await screen.findByText('Continue with Google');
    await act(async () => google.respond({ credential: 'jwt-from-google' }));
    expect(await screen.findByText(authMessages.googleLinked)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/users/link-google/');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({ credential: 'jwt-from-google' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer a');
    expect(screen.queryByRole('button', { name: 'Link Google account' })).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBe('r');
  });

  it('says why when the server refuses, and stays', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const google = fakeGoogle();
    stubFetch(() => jsonResponse(400, { message: authMessages.googleOtherAddress }));
    const user = userEvent.setup();
    render(asha);
    await user.click(screen.getByRole('button', { name: 'Link Google account' }));
    await screen.findByText('Continue with Google');
    await act(async () => google.respond({ credential: 'jwt-of-another-address' }));
    expect(await screen.findByText(authMessages.googleOtherAddress)).toBeTruthy();
    expect(tokenStorage.getAccessToken()).toBe('a');
  });

  it('is not offered when Google is linked already', () => {
    render({ ...asha, google_linked: true });
    expect(screen.queryByRole('button', { name: 'Link Google account' })).toBeNull();
  });

  it('is not offered when Google sign-in is not configured', () => {
    render(asha, null);
    expect(screen.queryByRole('button', { name: 'Link Google account' })).toBeNull();
  });
});

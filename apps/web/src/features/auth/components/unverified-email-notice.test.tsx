import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuthUser, authMessages } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-routes';
import { UnverifiedEmailNotice } from './unverified-email-notice';

const asha: AuthUser = {
  id: 7,
  email: 'asha@example.com',
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'owner',
  organisation_id: 1,
  email_verified: false,
  google_linked: false,
};

const render = (user: AuthUser) =>
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <AuthUserProvider user={user}>
            <UnverifiedEmailNotice />
          </AuthUserProvider>
        ),
      },
    ],
    '/dashboard',
  );

describe('UnverifiedEmailNotice', () => {
  it('says the address is unverified and Resend asks for a new mail, then shows the answer', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const fetchMock = stubFetch(() =>
      jsonResponse(200, { success: true, message: authMessages.verificationSent }),
    );
    const user = userEvent.setup();
    render(asha);
    expect(screen.getByRole('region', { name: 'Email address not verified' }).textContent).toContain(
      'asha@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Resend verification mail' }));
    expect(await screen.findByText(authMessages.verificationSent)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/users/resend-verification/');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(screen.queryByRole('button', { name: 'Resend verification mail' })).toBeNull();
  });

  it('shows the server message when the request fails', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    stubFetch(() => jsonResponse(429, { message: 'Too many requests. Please wait a minute and try again.' }));
    const user = userEvent.setup();
    render(asha);
    await user.click(screen.getByRole('button', { name: 'Resend verification mail' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a minute and try again.',
    );
  });

  it('shows nothing once the address is verified', () => {
    render({ ...asha, email_verified: true });
    expect(screen.queryByRole('region', { name: 'Email address not verified' })).toBeNull();
  });
});

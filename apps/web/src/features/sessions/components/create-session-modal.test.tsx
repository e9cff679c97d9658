import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuthUser, authMessages, type SessionListItem, verifyFirst } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, stubFetch, userWithRole } from '@/testing/render-routes';
import { SessionsScreen } from './sessions-screen';

const listAnswer = (sessions: SessionListItem[]) =>
  jsonResponse(200, { session_list: sessions, session_count: sessions.length, driver: 'baileys' });

const render = () =>
  renderRoutes([{ path: '/session-info', element: <SessionsScreen /> }], '/session-info', {
    user: userWithRole('admin'),
  });

const ASHA: AuthUser = {
  id: 7,
  email: 'asha@example.com',
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'owner',
  organisation_id: 1,
  email_verified: false,
  google_linked: false,
};
const renderAs = (user: AuthUser) =>
  renderRoutes(
    [
      {
        path: '/session-info',
        element: (
          <AuthUserProvider user={user}>
            <SessionsScreen />
          </AuthUserProvider>
        ),
      },
    ],
    '/session-info',
  );

describe('Create Session', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('marks both fields when both are missing', async () => {
    const fetchMock = stubFetch(() => listAnswer([]));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Session' });
    // Fields are not marked before a submit.
    expect(within(dialog).queryByText('Enter a name for the session.')).toBeNull();
    await user.type(within(dialog).getByLabelText('Description'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await screen.findByText('Fill the details corretly')).toBeTruthy();
    expect(within(dialog).getByText('Enter a name for the session.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a description for the session.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Session Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Description').getAttribute('aria-invalid')).toBe('true');
    await user.type(within(dialog).getByLabelText('Session Name'), 'Desk');
    expect(within(dialog).queryByText('Enter a name for the session.')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/startSession/')).toBe(false);
  });

  it("shows the server's words when it refuses", async () => {
    stubFetch((path) =>
      path === '/api/startSession/' ? jsonResponse(403, { message: verifyFirst('link') }) : listAnswer([]),
    );
    const user = userEvent.setup();
    renderAs({ ...ASHA, email_verified: true });
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Session' });
    await user.type(within(dialog).getByLabelText('Session Name'), 'Desk');
    await user.type(within(dialog).getByLabelText('Description'), 'Support line');
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await screen.findByText(verifyFirst('link'))).toBeTruthy();
  });

  it('for an unverified address says why and offers the verification mail instead of the form', async () => {
    const fetchMock = stubFetch((path) =>
      path === '/users/resend-verification/'
        ? jsonResponse(200, { success: true, message: authMessages.verificationSent })
        : listAnswer([]),
    );
    const user = userEvent.setup();
    renderAs(ASHA);
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Session' });
    expect(within(dialog).getByText(verifyFirst('link'))).toBeTruthy();
    expect(within(dialog).queryByLabelText('Session Name')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Resend verification mail' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(authMessages.verificationSent);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/startSession/')).toBe(false);
  });
});

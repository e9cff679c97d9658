import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages, memberMessages } from '@wadesk/contract';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { AcceptInvitation } from './accept-invitation';

const TOKEN = 'a'.repeat(43);
const LOOKUP = {
  organisation_name: 'Acme Support',
  email: 'priya@acme.test',
  role: 'member',
  expires_at: '2024-04-08T08:30:00Z',
  existing_account: 'none',
};

function Frame({
  title,
  subtitle,
  footer,
  children,
}: Record<'title' | 'subtitle' | 'footer' | 'children', ReactNode>) {
  return (
    <main>
      <h1>{title}</h1>
      <p>{subtitle}</p>
      {children}
      <footer>{footer}</footer>
    </main>
  );
}

function Screen() {
  const [params] = useSearchParams();
  return <AcceptInvitation token={params.get('token') ?? ''} Frame={Frame} />;
}

const render = (search = `?token=${TOKEN}`) =>
  renderRoutes(
    [
      { path: '/accept-invitation', element: <Screen /> },
      { path: '/dashboard', element: <p>Dashboard screen</p> },
    ],
    `/accept-invitation${search}`,
  );

const calls = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => sentBody(init));

describe('AcceptInvitation', () => {
  it('shows what the link invites to, checks the fields, creates the account, keeps the tokens and opens the dashboard', async () => {
    const fetchMock = stubFetch((path) => {
      if (path === '/users/invitation/') return jsonResponse(200, LOOKUP);
      if (path === '/users/acceptInvitation/')
        return jsonResponse(201, { access_token: 'new-access', refresh_token: 'new-refresh' });
      return jsonResponse(404, { message: 'nope' });
    });
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('heading', { name: 'Join Acme Support as a member' });
    expect(calls(fetchMock, '/users/invitation/')).toEqual([{ token: TOKEN }]);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('priya@acme.test');
    expect(email.readOnly).toBe(true);

    const join = screen.getByRole('button', { name: 'Join Acme Support' });
    await user.click(join);
    expect(screen.getAllByText(authMessages.required)).toHaveLength(3);
    await user.type(screen.getByLabelText('First name'), 'Priya');
    await user.type(screen.getByLabelText('Last name'), 'Nair');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret!1');
    expect(screen.getByText(authMessages.passwordShape)).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret!2');
    expect(screen.getByText(authMessages.passwordsDiffer)).toBeTruthy();
    await user.click(join);
    expect(calls(fetchMock, '/users/acceptInvitation/')).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Secret!2');
    await user.click(join);
    await screen.findByText('Dashboard screen');
    expect(calls(fetchMock, '/users/acceptInvitation/')).toEqual([
      { token: TOKEN, first_name: 'Priya', last_name: 'Nair', password1: 'Secret!2', password2: 'Secret!2' },
    ]);
    expect(tokenStorage.getAccessToken()).toBe('new-access');
    expect(tokenStorage.getRefreshToken()).toBe('new-refresh');
    expect(router.state.location.pathname).toBe('/dashboard');
    await screen.findByText('Welcome! Your account is ready.');
  });

  it("shows the server's refusal when the account cannot be created and stays", async () => {
    stubFetch((path) => {
      if (path === '/users/invitation/') return jsonResponse(200, { ...LOOKUP, role: 'admin' });
      return jsonResponse(409, { message: memberMessages.accountElsewhere });
    });
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('heading', { name: 'Join Acme Support as an admin' });
    await user.type(screen.getByLabelText('First name'), 'Priya');
    await user.type(screen.getByLabelText('Password'), 'Secret!2');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret!2');
    await user.click(screen.getByRole('button', { name: 'Join Acme Support' }));
    await screen.findByText(memberMessages.accountElsewhere);
    expect(router.state.location.pathname).toBe('/accept-invitation');
    expect(tokenStorage.getAccessToken()).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Join Acme Support' })).toHaveProperty('disabled', false),
    );
  });

  it('says that joining replaces an unverified account of the address that holds nothing', async () => {
    stubFetch(() => jsonResponse(200, { ...LOOKUP, existing_account: 'unverified_empty' }));
    render();
    await screen.findByRole('heading', { name: 'Join Acme Support as a member' });
    expect(screen.getByText(memberMessages.replacesUnverified)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join Acme Support' })).toBeTruthy();
  });

  it.each([
    ['an unverified account that holds something', 'unverified_in_use', memberMessages.addressInUse],
    ['a verified account', 'taken', memberMessages.accountElsewhere],
  ])(
    'says what the address owner can do when %s holds the address, without the form',
    async (_, held, words) => {
      stubFetch(() => jsonResponse(200, { ...LOOKUP, existing_account: held }));
      render();
      await screen.findByRole('heading', { name: 'Join Acme Support as a member' });
      expect((await screen.findByRole('alert')).textContent).toBe(words);
      expect(screen.queryByLabelText('Password')).toBeNull();
      expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    },
  );

  it('says an invalid, used or expired link cannot be used, with a way to sign in', async () => {
    stubFetch(() => jsonResponse(400, { message: memberMessages.invitationInvalid }));
    render();
    expect((await screen.findByRole('alert')).textContent).toBe(memberMessages.invitationInvalid);
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('refuses a link without a token without asking the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse(404, {}));
    render('');
    expect((await screen.findByRole('alert')).textContent).toBe(memberMessages.invitationInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a failure to reach the server apart from a refused link', async () => {
    stubFetch(() => jsonResponse(500, {}));
    render();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The invitation could not be checked. Try again later.',
    );
  });

  it('asks a signed-in visitor to sign out first and does not look the link up', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const fetchMock = stubFetch(() => jsonResponse(200, LOOKUP));
    render();
    await screen.findByRole('heading', { name: 'Sign out first' });
    expect(screen.getByText(/An account belongs to one organisation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

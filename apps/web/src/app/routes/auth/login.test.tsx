import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { URL_TOKEN_INVALID } from '@/features/auth/components/url-token-sign-in';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { LoginRoute } from './login';
import { RegisterRoute } from './register';

const routes = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/register', element: <RegisterRoute /> },
  { path: '/dashboard', element: <p>dashboard</p> },
];

const emailField = () => screen.getByLabelText('Email') as HTMLInputElement;
const passwordField = () => screen.getByLabelText('Password') as HTMLInputElement;

describe('LoginRoute', () => {
  it('validates with the contract: required fields and a valid email', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(emailField().getAttribute('aria-invalid')).toBe('true');

    await user.type(emailField(), 'not-an-email');
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    await user.type(passwordField(), 'x');
    expect(screen.queryByText('This field is required.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the tokens and goes to /dashboard on success', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { access_token: 'a1', refresh_token: 'r1' }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/login');
    await user.type(emailField(), 'Asha@Example.com');
    await user.type(passwordField(), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      username: 'asha@example.com',
      password: 'Secret#123',
    });
    expect(tokenStorage.getAccessToken()).toBe('a1');
    expect(tokenStorage.getRefreshToken()).toBe('r1');
    expect(await screen.findByText('Login Successful!')).toBeTruthy();
  });

  it('sends an unregistered email to /register and keeps it in the form', async () => {
    stubFetch(() => jsonResponse(404, { message: 'No account with this email.' }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/login');
    await user.type(emailField(), 'new@example.com');
    await user.type(passwordField(), 'Anything#1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(router.state.location.pathname).toBe('/register');
    expect(emailField().value).toBe('new@example.com');
    expect(await screen.findByText('You are not registered. Please create your account!')).toBeTruthy();
  });

  it("shows the server's message on other errors and stays", async () => {
    stubFetch(() => jsonResponse(401, { message: 'Incorrect email or password.' }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/login');
    await user.type(emailField(), 'asha@example.com');
    await user.type(passwordField(), 'Wrong#1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect email or password.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('falls back to Something Went Wrong! without a server message', async () => {
    stubFetch(() => new Response('oops', { status: 502 }));
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(emailField(), 'asha@example.com');
    await user.type(passwordField(), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Something Went Wrong!')).toBeTruthy();
  });

  const owner = {
    user: {
      id: 7,
      email: 'asha@example.com',
      first_name: 'Asha',
      last_name: 'Rao',
      role: 'owner',
      organisation_id: 3,
      email_verified: true,
      google_linked: false,
    },
  };

  it('signs in with a ?token= from the URL after showing whose account it opens', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, owner));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/login?token=url-token');
    expect(await screen.findByText('Asha Rao')).toBeTruthy();
    expect(tokenStorage.getAccessToken()).toBeNull();
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer url-token');
    await user.click(screen.getByRole('button', { name: 'Continue as Asha' }));
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(tokenStorage.getAccessToken()).toBe('url-token');
    expect(await screen.findByText('Logged in via URL token!')).toBeTruthy();
  });

  it('stores nothing when the visitor says the account is not theirs', async () => {
    stubFetch(() => jsonResponse(200, owner));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/login?token=url-token');
    await user.click(await screen.findByRole('button', { name: 'Not me' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('refuses an invalid ?token= with the sign-in screen and an error, never "Logged in"', async () => {
    stubFetch(() => jsonResponse(401, { message: 'Your session has expired. Please sign in again.' }));
    renderRoutes(routes, '/login?token=forged');
    expect((await screen.findByRole('alert')).textContent).toBe(URL_TOKEN_INVALID);
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeTruthy();
    expect(screen.queryByText('Logged in via URL token!')).toBeNull();
    expect(tokenStorage.getAccessToken()).toBeNull();
  });

  it('sends an already signed-in user to /dashboard', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const { router } = renderRoutes(routes, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

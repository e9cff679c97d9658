import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { ForgotPasswordRoute } from './forgot-password';
import { ResetPasswordRoute } from './reset-password';
import { VerifyEmailRoute } from './verify-email';

const routes = [
  { path: '/forgot-password', element: <ForgotPasswordRoute /> },
  { path: '/reset-password', element: <ResetPasswordRoute /> },
  { path: '/verify-email', element: <VerifyEmailRoute /> },
  { path: '/login', element: <p>sign-in page</p> },
];
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('emailed links', () => {
  it('Forgot password sends the address and says a link is on its way', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { success: true, message: authMessages.resetSent }));
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot-password');
    await user.type(field('Email'), 'Asha@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText(new RegExp(authMessages.resetSent.slice(0, 30)))).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/users/forgot-password/');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({ email: 'asha@example.com' });
  });

  it('a reset link sets the new password after checking both match, then goes to sign-in', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(200, { success: true, message: authMessages.passwordChanged }),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    await user.type(field('New password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#12');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText(authMessages.passwordsDiffer)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(field('Confirm password'), '3');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByText('sign-in page');
    expect(router.state.location.pathname).toBe('/login');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      token: TOKEN,
      password1: 'Secret#123',
      password2: 'Secret#123',
    });
    expect(await screen.findByText(authMessages.passwordChanged)).toBeTruthy();
  });

  it('a verification link verifies nothing on opening: it names the address, asks, and verifies on the button', async () => {
    const fetchMock = stubFetch((url) =>
      url.endsWith('/users/verification/')
        ? jsonResponse(200, { email: 'asha@example.com', verified: false })
        : jsonResponse(200, { success: true, message: authMessages.emailVerified }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/verify-email?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Confirm that you created this account' }),
    ).toBeTruthy();
    expect(screen.getByText('asha@example.com')).toBeTruthy();
    const urls = () => fetchMock.mock.calls.map((call) => String(call[0]));
    expect(urls()).toEqual(['/users/verification/']);
    await user.click(screen.getByRole('button', { name: 'Yes, I created this account' }));
    expect(await screen.findByText(authMessages.emailVerified)).toBeTruthy();
    expect(urls()).toEqual(['/users/verification/', '/users/verify-email/']);
    expect(sentBody(fetchMock.mock.calls[1]?.[1])).toEqual({ token: TOKEN });
  });

  it('asks without the address when the link cannot be looked up, and says when it was verified before', async () => {
    stubFetch(() => jsonResponse(500));
    renderRoutes(routes, `/verify-email?token=${TOKEN}`);
    await screen.findByRole('button', { name: 'Yes, I created this account' });
    expect(screen.queryByText(/was created with the address/)).toBeNull();
    cleanup();
    stubFetch(() => jsonResponse(200, { email: 'asha@example.com', verified: true }));
    renderRoutes(routes, `/verify-email?token=${TOKEN}`);
    expect(await screen.findByText(authMessages.emailVerified)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes, I created this account' })).toBeNull();
  });

  it('a used link says to ask for a new one; an expired one says how', async () => {
    stubFetch(() => jsonResponse(400, { message: authMessages.linkInvalid }));
    renderRoutes(routes, `/verify-email?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.linkInvalid);
    expect(screen.queryByRole('button', { name: 'Yes, I created this account' })).toBeNull();
    cleanup();
    stubFetch(() => jsonResponse(400, { message: authMessages.linkExpired }));
    renderRoutes(routes, `/verify-email?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.linkExpired);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('a link that expired while the page was open says so on the button', async () => {
    stubFetch((url) =>
      url.endsWith('/users/verification/')
        ? jsonResponse(200, { email: 'asha@example.com', verified: false })
        : jsonResponse(400, { message: authMessages.linkExpired }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/verify-email?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Yes, I created this account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(authMessages.linkExpired);
  });

  it('a reset link cut short says so instead of doing nothing', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderRoutes(routes, '/reset-password?token=short');
    await user.type(field('New password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(authMessages.linkInvalid)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

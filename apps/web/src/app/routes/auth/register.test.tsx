import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authMessages } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { RegisterRoute } from './register';

const routes = [
  { path: '/register', element: <RegisterRoute /> },
  { path: '/dashboard', element: <p>dashboard</p> },
];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('RegisterRoute', () => {
  it('shows the contract messages inline under each field', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderRoutes(routes, '/register');

    await user.click(submit());
    expect(screen.getAllByText(authMessages.required)).toHaveLength(4);

    await user.type(field('Email'), 'bad');
    await user.type(field('Password'), 'weak');
    await user.type(field('First name'), 'Al');
    expect(screen.getByText(authMessages.invalidEmail)).toBeTruthy();
    expect(screen.getByText(authMessages.passwordLength)).toBeTruthy();
    expect(screen.getByText(authMessages.firstNameLength)).toBeTruthy();
    expect(field('Password').getAttribute('aria-describedby')).toContain(
      screen.getByText(authMessages.passwordLength).id,
    );

    await user.clear(field('Password'));
    await user.type(field('Password'), 'secret123');
    expect(screen.getByText(authMessages.passwordShape)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the account, stores the tokens and goes to /dashboard', async () => {
    const fetchMock = stubFetch(() => jsonResponse(201, { access_token: 'a1', refresh_token: 'r1' }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/register');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#123');
    await user.type(field('First name'), 'Asha');
    await user.type(field('Last name'), 'Rao');
    await user.click(submit());
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({
      email: 'asha@example.com',
      password1: 'Secret#123',
      password2: 'Secret#123',
      first_name: 'Asha',
      last_name: 'Rao',
    });
    expect(tokenStorage.getAccessToken()).toBe('a1');
    expect(await screen.findByText('Account created successfully!')).toBeTruthy();
  });

  it("shows the server's message when the email is taken", async () => {
    stubFetch(() => jsonResponse(409, { message: 'An account with this email already exists.' }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/register');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#123');
    await user.type(field('First name'), 'Asha');
    await user.click(submit());
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('asks for the password twice and shows either on request', async () => {
    const fetchMock = stubFetch(() => jsonResponse(500));
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#124');
    await user.type(field('First name'), 'Asha');
    await user.click(submit());
    expect(screen.getByText(authMessages.passwordsDiffer)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    expect(field('Password').type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password').type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
    expect(field('Confirm password').type).toBe('password');
  });

  it('names the organisation when asked, and offers the default name as the placeholder', async () => {
    const fetchMock = stubFetch(() => jsonResponse(201, { access_token: 'a1', refresh_token: 'r1' }));
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await user.type(field('Email'), 'asha@example.com');
    await user.type(field('Password'), 'Secret#123');
    await user.type(field('Confirm password'), 'Secret#123');
    await user.type(field('First name'), 'Asha');
    expect(field('Organisation name').placeholder).toBe("Asha's organisation");
    await user.type(field('Organisation name'), 'x'.repeat(101));
    await user.click(submit());
    expect(screen.getByText(authMessages.organisationNameLength)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(field('Organisation name'));
    await user.type(field('Organisation name'), '  Acme Support ');
    await user.click(submit());
    await screen.findByText('dashboard');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toMatchObject({
      first_name: 'Asha',
      organisation_name: 'Acme Support',
    });
  });
});

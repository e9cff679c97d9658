import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '@/app/layouts/app-layout';
import { APP_NAV_LINKS } from '@/app/layouts/nav-links';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, stubFetch, userWithRole } from '@/testing/render-routes';
import { SignedInUserRoute } from './signed-in-user-route';

// /messages is open to visitors, and was the one screen where an owner lost Audit log and Settings from
// the menu: no session check ran there, so the layout knew no role.

const routes = [
  {
    element: <SignedInUserRoute />,
    children: [
      { element: <AppLayout />, children: [{ path: '/messages', element: <p>messages screen</p> }] },
    ],
  },
];

const sidebarLinks = () =>
  within(screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('SignedInUserRoute', () => {
  it('gives a signed-in owner the same menu on /messages as on every other screen', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    stubFetch((path) =>
      path === '/users/authcheck/'
        ? jsonResponse(200, { user: userWithRole('owner') })
        : jsonResponse(404, { message: 'no' }),
    );
    renderRoutes(routes, '/messages');
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeTruthy();
    await screen.findByText('messages screen');
    expect(sidebarLinks()).toEqual(APP_NAV_LINKS.map((link) => link.label));
    expect(screen.getAllByRole('button', { name: 'Notifications' }).length).toBeGreaterThan(0);
  });

  it('shows a visitor the screen at once, without asking the server, with the visitor menu', () => {
    const fetchMock = stubFetch(() => jsonResponse(500));
    renderRoutes(routes, '/messages');
    expect(screen.getByText('messages screen')).toBeTruthy();
    expect(sidebarLinks()).not.toContain('Audit log');
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the screen as to a visitor when the session check fails', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    stubFetch(() => jsonResponse(500, { message: 'down' }));
    renderRoutes(routes, '/messages');
    await screen.findByText('messages screen');
    expect(sidebarLinks()).not.toContain('Settings');
  });
});

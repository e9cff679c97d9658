import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, MemberRole } from '@wadesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { replyDrafts, unsentReplies } from '@/shared/storage/reply-drafts';
import { tokenStorage } from '@/shared/storage/storage';
import { NavItemButton } from '@/shared/ui/nav-item';
import { expectNamedControls } from '@/testing/accessible-names';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { AppLayout } from './app-layout';

const routes = (drawerItems?: React.ReactNode) => [
  { path: '/', element: <p>landing</p> },
  {
    element: <AppLayout drawerItems={drawerItems} />,
    children: [
      { path: '/dashboard', element: <p>dashboard screen</p> },
      { path: '/agents', element: <p>agents screen</p> },
    ],
  },
];

describe('AppLayout', () => {
  it.each([
    ['member', false],
    ['admin', true],
    ['owner', true],
  ] as [MemberRole, boolean][])('shows the Audit log link to a %s: %s', async (role, shown) => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    stubFetch((path) =>
      path === '/org/getTickets/' ? jsonResponse(200, []) : jsonResponse(404, { message: 'no' }),
    );
    const user: AuthUser = {
      id: 1,
      email: 'a@acme.test',
      first_name: 'A',
      last_name: 'B',
      role,
      organisation_id: 1,
      email_verified: true,
      google_linked: false,
    };
    renderRoutes(
      [
        {
          element: (
            <AuthUserProvider user={user}>
              <AppLayout />
            </AuthUserProvider>
          ),
          children: [{ path: '/dashboard', element: <p>dashboard screen</p> }],
        },
      ],
      '/dashboard',
    );
    const sidebar = screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
    expect(within(sidebar).queryByRole('link', { name: 'Audit log' }) !== null).toBe(shown);
    // Reports is every member's (a member reads the team's totals and their own figures).
    expect(within(sidebar).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/reports');
    // Signed in: the bell is there.
    expect(screen.getAllByRole('button', { name: 'Notifications' }).length).toBeGreaterThan(0);
  });

  it('names the signed-in member and their organisation in the account menu, opening the profile', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    stubFetch(() => jsonResponse(404, { message: 'no' }));
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        {
          element: (
            <AuthUserProvider user={userWithRole('member', { organisation_name: 'Acme Support' })}>
              <AppLayout />
            </AuthUserProvider>
          ),
          children: [
            { path: '/dashboard', element: <p>dashboard screen</p> },
            { path: '/profile', element: <p>profile screen</p> },
          ],
        },
      ],
      '/dashboard',
    );
    const [account] = screen.getAllByRole('link', { name: 'Profile: Asha Rao, Acme Support' });
    if (!account) throw new Error('no account link');
    await user.click(account);
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByText('profile screen')).toBeTruthy();
  });

  it('shows the breadcrumb with the page’s name beside the screen, and titles the page', async () => {
    renderRoutes(routes(), '/dashboard');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home / Dashboard');
    expect(screen.getByText('dashboard screen')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard · wadesk'));
  });

  it('opens the drawer from the menu button, with extra items, and closes it on navigation', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      routes(<NavItemButton icon={null}>Clear Chat</NavItemButton>),
      '/dashboard',
    );
    expectNamedControls();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expectNamedControls();
    const labels = within(drawer)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['Dashboard', 'Sessions', 'Whatsapp Chat', 'Agents', 'Members', 'Import chat']),
    );
    expect(within(drawer).getByRole('link', { name: 'Import chat' }).getAttribute('href')).toBe(
      '/upload-chat',
    );
    expect(within(drawer).getByRole('button', { name: 'Clear Chat' })).toBeTruthy();

    await user.click(within(drawer).getByRole('link', { name: 'Agents' }));
    expect(router.state.location.pathname).toBe('/agents');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home / Agents');
    await waitFor(() => expect(document.title).toBe('Agents · wadesk'));
  });

  it('logs out even when the server call fails: tokens removed, toast, back to /', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const fetchMock = stubFetch(() => jsonResponse(500, { message: 'down' }));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes(), '/dashboard');
    const [sidebarLogout] = screen.getAllByRole('button', { name: 'Logout' });
    if (!sidebarLogout) throw new Error('no Logout button');
    await user.click(sidebarLogout);
    await screen.findByText('landing');
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/users/logout/');
    expect(sentBody(fetchMock.mock.calls[0]?.[1])).toEqual({ refresh_token: 'r' });
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    expect(await screen.findByText('Logout Successfull')).toBeTruthy();
  });

  describe('an unsent reply', () => {
    const me: AuthUser = {
      id: 3,
      email: 'mia@acme.test',
      first_name: 'Mia',
      last_name: 'Lee',
      role: 'member',
      organisation_id: 1,
      email_verified: true,
      google_linked: false,
    };
    const signedIn = () => [
      { path: '/', element: <p>landing</p> },
      {
        element: (
          <AuthUserProvider user={me}>
            <AppLayout />
          </AuthUserProvider>
        ),
        children: [
          { path: '/inbox', element: <p>inbox screen</p> },
          { path: '/agents', element: <p>agents screen</p> },
        ],
      },
    ];
    const sidebarLink = (name: string) =>
      within(screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement).getByRole('link', {
        name,
      });
    afterEach(() => unsentReplies.clear());

    it('asks before another screen: keep writing stays, keep as draft leaves with it, discard forgets it', async () => {
      stubFetch(() => jsonResponse(404, { message: 'no' }));
      const user = userEvent.setup();
      replyDrafts.set(3, 12, 'Your refund is on its way');
      unsentReplies.set(12, true);
      const { router } = renderRoutes(signedIn(), '/inbox');

      await user.click(sidebarLink('Agents'));
      const dialog = await screen.findByRole('dialog', { name: 'Discard your unsent reply?' });
      await user.click(within(dialog).getByRole('button', { name: 'Keep writing' }));
      expect(router.state.location.pathname).toBe('/inbox');

      await user.click(sidebarLink('Agents'));
      await user.click(await screen.findByRole('button', { name: 'Keep as draft' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
      expect(replyDrafts.get(3, 12)).toBe('Your refund is on its way');

      // The reply box went with the screen (it marks itself unsent again when it comes back with the draft).
      unsentReplies.set(12, false);
      await user.click(sidebarLink('Inbox'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
      unsentReplies.set(12, true);
      await user.click(sidebarLink('Agents'));
      await user.click(await screen.findByRole('button', { name: 'Discard' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/agents'));
      expect(replyDrafts.get(3, 12)).toBe('');
    });

    it('makes the browser ask before the tab closes or reloads, only while there is one', () => {
      stubFetch(() => jsonResponse(404, { message: 'no' }));
      renderRoutes(signedIn(), '/inbox');
      const unload = () => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(unload()).toBe(false);
      unsentReplies.set(12, true);
      expect(unload()).toBe(true);
    });

    it('is forgotten at sign-out, with every draft of this browser, without asking', async () => {
      tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
      stubFetch(() => jsonResponse(200, { message: 'bye' }));
      const user = userEvent.setup();
      replyDrafts.set(3, 12, 'Half a reply');
      replyDrafts.set(4, 13, "Another member's draft");
      localStorage.setItem('unrelated', 'kept');
      unsentReplies.set(12, true);
      const { router } = renderRoutes(signedIn(), '/inbox');
      const [logout] = screen.getAllByRole('button', { name: 'Logout' });
      if (!logout) throw new Error('no Logout button');
      await user.click(logout);
      await screen.findByText('landing');
      expect(router.state.location.pathname).toBe('/');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(replyDrafts.get(3, 12)).toBe('');
      expect(replyDrafts.get(4, 13)).toBe('');
      expect(localStorage.getItem('unrelated')).toBe('kept');
      expect(unsentReplies.has()).toBe(false);
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicConfig } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { PublicConfigContext } from '@/shared/config/public-config';
import { fakeEngine } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { renderRoutes } from '@/testing/render-routes';
import { LandingRoute } from './landing';
import { LANDING_TITLE } from './page-titles';

const CONFIG: PublicConfig = {
  google_client_id: null,
  demo_video_url: null,
  whatsapp_driver: 'simulator',
  contact_email: null,
};

const render = (config: Partial<PublicConfig> = {}) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PublicConfigContext.Provider value={{ status: 'ready', config: { ...CONFIG, ...config } }}>
            <ChatProvider engine={fakeEngine()}>
              <LandingRoute />
            </ChatProvider>
          </PublicConfigContext.Provider>
        ),
      },
      { path: '/register', element: <p>register screen</p> },
    ],
    '/',
  );

const links = (name: string) => screen.queryAllByRole('link', { name });

describe('LandingRoute', () => {
  it('names every button and link, the upload card included, and titles the page', async () => {
    render();
    expect(screen.getByText('Open an exported chat')).toBeTruthy();
    expectNamedControls();
    await waitFor(() => expect(document.title).toBe(LANDING_TITLE));
  });

  it('names every control of the mobile menu drawer', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: /menu/i }));
    // The drawer's code loads the first time it opens.
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expectNamedControls();
  });

  it('offers a visitor Login and Start for free, and a signed-in user Open dashboard instead', async () => {
    const visitor = render();
    expect(links('Login').length).toBeGreaterThan(0);
    expect(links('Start for free').length).toBeGreaterThan(0);
    expect(links('Open dashboard')).toHaveLength(0);
    visitor.unmount();

    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    render();
    expect(links('Login')).toHaveLength(0);
    expect(links('Start for free')).toHaveLength(0);
    const open = links('Open dashboard');
    expect(open.length).toBeGreaterThanOrEqual(3); // header, hero, call to action
    for (const link of open) expect(link.getAttribute('href')).toBe('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: /menu/i }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(drawer).getByRole('link', { name: 'Open dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('the demo modal without a video offers Start for free', async () => {
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Watch free demo' }));
    // The demo dialog loads on first open (lazy-overlays.tsx).
    const modal = await screen.findByRole('dialog', { name: 'wadesk demo' });
    expect(modal.textContent).toContain('The demo video is not available on this server.');
    await user.click(within(modal).getByRole('link', { name: 'Start for free' }));
    expect(await screen.findByText('register screen')).toBeTruthy();
  });

  it('links Contact us to the configured address, and hides it when none is set', () => {
    const without = render();
    expect(links('Contact us')).toHaveLength(0);
    without.unmount();
    render({ contact_email: 'help@example.com' });
    const contact = links('Contact us');
    expect(contact).toHaveLength(2); // the FAQ's sentence and the footer
    for (const link of contact) expect(link.getAttribute('href')).toBe('mailto:help@example.com');
  });
});

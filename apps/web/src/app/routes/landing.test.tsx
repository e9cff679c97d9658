import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeEngine } from '../../shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '../../shared/loaded-chat/state/chat-provider';
import { expectNamedControls } from '../../testing/accessible-names';
import { renderRoutes } from '../../testing/render-routes';
import { LandingRoute } from './landing';

const render = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <ChatProvider engine={fakeEngine()}>
            <LandingRoute />
          </ChatProvider>
        ),
      },
    ],
    '/',
  );

describe('LandingRoute', () => {
  it('names every button and link, the upload card included', () => {
    render();
    expect(screen.getByText('Open an exported chat')).toBeTruthy();
    expectNamedControls();
  });

  it('names every control of the mobile menu drawer', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: /menu/i }));
    // The drawer's code loads the first time it opens.
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expectNamedControls();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatDrawerItems } from '@/features/chat-viewer/components/chat-drawer-items';
import { ChatSidebarItems } from '@/features/chat-viewer/components/chat-sidebar-items';
import type { ChatEngine } from '@/shared/loaded-chat/engine/chat-engine';
import { chatData, chatMessage, fakeEngine, loadedChat } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { renderRoutes } from '@/testing/render-routes';
import { AppLayout } from './app-layout';

const kept = chatData([chatMessage({ author: 'Alice' }), chatMessage({ author: 'Bob' })]);

function renderApp(engine: ChatEngine, path: string) {
  return renderRoutes(
    [
      {
        element: (
          <ChatProvider engine={engine}>
            <AppLayout drawerItems={<ChatDrawerItems />} sidebarItems={<ChatSidebarItems />} />
          </ChatProvider>
        ),
        children: [
          { path: '/agents', element: <p>agents</p> },
          { path: '/messages', element: <p>messages</p> },
          { path: '/analysis', element: <p>analysis screen</p> },
        ],
      },
    ],
    path,
  );
}

const sidebar = () => within(screen.getByRole('complementary'));

describe('Analysis in the app navigation', () => {
  it('shows in the sidebar and the drawer once a chat is loaded, and opens /analysis', async () => {
    const engine = fakeEngine({ restore: vi.fn(async () => loadedChat(kept)) });
    const { router } = renderApp(engine, '/messages');
    // Reading the drawer's rows restores the kept chat; the sidebar then shows its rows.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = within(screen.getByRole('dialog', { name: 'Menu' }));
    await user.click(await drawer.findByRole('link', { name: 'Analysis' }));
    expect(router.state.location.pathname).toBe('/analysis');
    expect(sidebar().getByRole('link', { name: /Messages/ }).textContent).toContain('2');
    expect(sidebar().getByRole('link', { name: 'Analysis' }).getAttribute('href')).toBe('/analysis');
  });

  it('is absent without a chat, and the sidebar alone does not start restoring one', () => {
    const engine = fakeEngine();
    renderApp(engine, '/agents');
    expect(sidebar().queryByRole('link', { name: 'Analysis' })).toBeNull();
    expect(engine.restore).not.toHaveBeenCalled();
  });
});

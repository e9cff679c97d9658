import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatEngine } from '@/shared/loaded-chat/engine/chat-engine';
import { chatData, chatMessage, fakeEngine, loadedChat } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { renderRoutes } from '@/testing/render-routes';
import { ChatViewer } from './chat-viewer';

function renderViewer(engine: ChatEngine) {
  return renderRoutes(
    [
      {
        path: '/messages',
        element: (
          <ChatProvider engine={engine}>
            <ChatViewer />
          </ChatProvider>
        ),
      },
      { path: '/', element: <p>landing</p> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    '/messages',
  );
}

const kept = chatData([chatMessage({ author: 'Alice' }), chatMessage({ author: 'Bob' })]);

describe('ChatViewer', () => {
  it('shows the toolbar for a kept chat: count, author filter, search and Clear Chat', async () => {
    const engine = fakeEngine({ restore: vi.fn(async () => loadedChat(kept)) });
    renderViewer(engine);
    expect((await screen.findByTestId('message-count')).textContent).toBe('2 messages');
    expectNamedControls();
    const picker = screen.getByLabelText('View as') as HTMLSelectElement;
    expect(picker.value).toBe('Alice');
    await userEvent.setup().selectOptions(picker, 'Bob');
    expect(picker.value).toBe('Bob');
    expect(screen.getByRole('button', { name: 'Search messages' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear Chat' })).toBeTruthy();
  });

  it('opens the compact search dropdown on desktop', async () => {
    renderViewer(fakeEngine({ restore: vi.fn(async () => loadedChat(kept)) }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Search messages' }));
    expectNamedControls();
    expect(screen.getByPlaceholderText('Search...')).toBeTruthy();
    expect(screen.queryByText('No messages found!')).toBeNull();
  });

  it('closes the desktop dropdown after a jump, keeps the query, and says so for one character', async () => {
    const user = userEvent.setup();
    const search = vi.fn(async () => [{ index: 1, start: 0, end: 5, text: 'hello there' }]);
    const chat = chatData([
      chatMessage({ author: 'Alice', content: 'first' }),
      chatMessage({ author: 'Bob', content: 'hello there' }),
    ]);
    renderViewer(fakeEngine({ restore: vi.fn(async () => loadedChat(chat)), search }));
    const toggle = await screen.findByRole('button', { name: 'Search messages' });
    await user.click(toggle);
    await user.type(screen.getByPlaceholderText('Search...'), 'h');
    expect(screen.getByText('Type at least 2 characters')).toBeTruthy();
    expect(screen.queryByText('No messages found!')).toBeNull();
    await user.type(screen.getByPlaceholderText('Search...'), 'ello');
    const row = await screen.findByRole('button', { name: /author: Bob/ }, { timeout: 2000 });
    await user.click(row);
    expect(screen.queryByRole('dialog', { name: 'Search Messages' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    await user.click(toggle);
    expect((screen.getByPlaceholderText('Search...') as HTMLInputElement).value).toBe('hello');
  });

  it('with no chat loaded sends a visitor to the landing page', async () => {
    const { router } = renderViewer(fakeEngine());
    await screen.findByText('landing');
    expect(router.state.location.pathname).toBe('/');
  });

  it('with no chat loaded sends a signed-in user to the dashboard', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const { router } = renderViewer(fakeEngine());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

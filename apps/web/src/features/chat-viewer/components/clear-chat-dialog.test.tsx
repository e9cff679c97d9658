import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChatSource } from '@/shared/loaded-chat/engine/engine-protocol';
import { chatData, chatMessage, fakeEngine, loadedChat } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { tokenStorage } from '@/shared/storage/storage';
import { renderRoutes } from '@/testing/render-routes';
import { ChatViewer } from './chat-viewer';
import { clearedCopy } from './clear-chat-dialog';

function renderViewer(source: ChatSource) {
  const chat = loadedChat(
    chatData([chatMessage({ author: 'Alice' }), chatMessage({ author: 'Bob' })], { source }),
  );
  const engine = fakeEngine({ restore: vi.fn(async () => chat) });
  const view = renderRoutes(
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
  return { ...view, engine };
}

describe('Clear Chat', () => {
  it('tells what it throws away from the chat’s source', () => {
    expect(clearedCopy(null)).toBe('only-copy');
    expect(clearedCopy({ kind: 'local', file_name: 'a.txt' })).toBe('only-copy');
    expect(clearedCopy({ kind: 'server', chat_id: null })).toBe('unsaved');
    expect(clearedCopy({ kind: 'server', chat_id: 7 })).toBe('saved');
  });

  it('asks a visitor first: Cancel keeps the chat, Clear Chat forgets it', async () => {
    const user = userEvent.setup();
    const { engine, router } = renderViewer({ kind: 'local', file_name: 'chat.txt' });
    await user.click(await screen.findByRole('button', { name: 'Clear Chat' }));
    const ask = screen.getByRole('dialog', { name: 'Clear Chat?' });
    expect(ask.textContent).toContain('removes it for good');
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Cancel' }));
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(engine.clear).not.toHaveBeenCalled();
    expect(screen.getByTestId('message-count')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear Chat' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Clear Chat?' })).getByRole('button', { name: 'Clear Chat' }),
    );
    await screen.findByText('landing');
    expect(router.state.location.pathname).toBe('/');
    expect(engine.clear).toHaveBeenCalled();
  });

  it('on a saved chat says the saved copy stays and that Delete removes it', async () => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    const user = userEvent.setup();
    const { engine } = renderViewer({ kind: 'server', chat_id: 7 });
    const button = await screen.findByRole('button', { name: 'Clear Chat' });
    expect(button.getAttribute('title')).toContain('saved copy stays');
    await user.click(button);
    const ask = screen.getByRole('dialog', { name: 'Clear Chat?' });
    expect(ask.textContent).toContain('The saved copy stays in your account');
    expect(ask.textContent).toContain('Delete is what removes it from the server');
    await user.click(within(ask).getByRole('button', { name: 'Close chat, keep saved copy' }));
    await screen.findByText('dashboard');
    await waitFor(() => expect(engine.clear).toHaveBeenCalled());
  });
});

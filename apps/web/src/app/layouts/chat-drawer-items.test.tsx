import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatDrawerItems } from '@/features/chat-viewer/components/chat-drawer-items';
import { chatData, chatMessage, fakeEngine, loadedChat } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { renderRoutes } from '@/testing/render-routes';
import { AppLayout } from './app-layout';

const kept = chatData([
  chatMessage({ author: 'system', content: 'created' }),
  chatMessage({ author: 'Alice' }),
  chatMessage({ author: 'Bob' }),
]);

function renderDrawer(engine = fakeEngine({ restore: vi.fn(async () => loadedChat(kept)) })) {
  const view = renderRoutes(
    [
      {
        element: (
          <ChatProvider engine={engine}>
            <AppLayout drawerItems={<ChatDrawerItems />} />
          </ChatProvider>
        ),
        children: [
          { path: '/agents', element: <p>agents</p> },
          { path: '/messages', element: <p>messages</p> },
        ],
      },
      { path: '/', element: <p>landing</p> },
    ],
    '/agents',
  );
  return { ...view, engine };
}

async function openDrawer() {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.getByRole('dialog', { name: 'Menu' });
}

describe('ChatDrawerItems', () => {
  it("shows Messages with the count of members' messages, and a Filter Chat picker without system", async () => {
    const { engine } = renderDrawer();
    const drawer = await openDrawer();
    // Three lines, one of them a system notice: the badge counts as the toolbar and the analysis do.
    await waitFor(() =>
      expect(within(drawer).getByRole('link', { name: /Messages/ }).textContent).toBe('Messages2'),
    );
    const picker = within(drawer).getByLabelText('Filter Chat') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.value)).toEqual(['Alice', 'Bob']);
    expect(picker.value).toBe('Alice');
    await userEvent.setup().selectOptions(picker, 'Bob');
    expect(engine.setSender).toHaveBeenCalledWith('Bob');
  });

  it('Clear Chat asks first, then forgets the chat and goes to / for a visitor', async () => {
    const user = userEvent.setup();
    const { engine, router } = renderDrawer();
    const drawer = await openDrawer();
    await user.click(await within(drawer).findByRole('button', { name: 'Clear Chat' }));
    const ask = screen.getByRole('dialog', { name: 'Clear Chat?' });
    expect(ask.textContent).toContain('kept only in this browser');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(engine.clear).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Clear Chat' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Clear Chat?' })).getByRole('button', { name: 'Clear Chat' }),
    );
    await screen.findByText('landing');
    expect(router.state.location.pathname).toBe('/');
    expect(engine.clear).toHaveBeenCalled();
  });

  it('offers only Messages when no chat is loaded', async () => {
    renderDrawer(fakeEngine());
    const drawer = await openDrawer();
    expect(within(drawer).getByRole('link', { name: 'Messages' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Clear Chat' })).toBeNull();
    expect(within(drawer).queryByLabelText('Filter Chat')).toBeNull();
  });
});

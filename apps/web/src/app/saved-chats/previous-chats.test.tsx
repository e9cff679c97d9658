import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  keptChat,
  listOf,
  loadingEngine,
  renderSavedChatsApp,
  savedChatsServer,
} from '@/app/testing/saved-chats-app';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { jsonResponse } from '@/testing/render-routes';

const LONG = 'A very long chat name that goes on and on past the limit';

beforeEach(() => {
  tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
});

function server() {
  let list: [number, string][] = [
    [7, 'Goa trip'],
    [3, LONG],
  ];
  const calls: { path: string; body: unknown }[] = [];
  const fetchMock = savedChatsServer((path, body) => {
    calls.push({ path, body });
    const id = (body as { chat_id?: number } | undefined)?.chat_id;
    switch (path) {
      case '/v1/getSavedChatList/':
        return listOf(...list);
      case '/v1/renameSavedChat/': {
        const name = (body as { chat_name: string }).chat_name;
        list = list.map(([i, n]) => [i, i === id ? name : n]);
        return jsonResponse(200, { chat_id: id, chat_name: name });
      }
      case '/v1/deleteSavedChat/':
        list = list.filter(([i]) => i !== id);
        return jsonResponse(200, { success: true, message: 'Chat deleted.' });
      case '/v1/getSavedChat/':
        return jsonResponse(200, keptChat());
      default:
        return jsonResponse(404, { message: 'Not found' });
    }
  });
  return { fetchMock, calls };
}

const sidebar = () => screen.getByRole('list', { name: 'Saved chats' });

async function openDrawerList() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  const drawer = screen.getByRole('dialog', { name: 'Menu' });
  await user.click(within(drawer).getByRole('button', { name: /Previous Chats/ }));
  return { user, drawer };
}

describe('Previous Chats', () => {
  it('lists the saved chats when the layout mounts, names cut at 45 characters followed by ...', async () => {
    const { calls } = server();
    renderSavedChatsApp(loadingEngine(), '/dashboard');
    await waitFor(() => expect(within(sidebar()).getAllByRole('link')).toHaveLength(2));
    const links = within(sidebar()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Goa trip', `${LONG.slice(0, 45)}...`]);
    expect(links[1]?.getAttribute('title')).toBe(LONG);
    expect(links[0]?.getAttribute('href')).toBe('/messages?chatId=7');
    expect(calls.filter((c) => c.path === '/v1/getSavedChatList/')).toHaveLength(1);
  });

  it('is not shown, and nothing is asked, for a visitor', async () => {
    tokenStorage.clear();
    const { fetchMock } = server();
    renderSavedChatsApp(loadingEngine(keptChat()), '/messages');
    await screen.findByTestId('message-count');
    expect(screen.queryByText('Previous Chats')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens a chat from the drawer’s dropdown on /messages?chatId={id}', async () => {
    const { calls } = server();
    const { router } = renderSavedChatsApp(loadingEngine(), '/dashboard');
    await within(await screen.findByRole('list', { name: 'Saved chats' })).findByText('Goa trip');
    expectNamedControls();
    const { user, drawer } = await openDrawerList();
    expect(within(drawer).getByRole('button', { name: /Previous Chats/ }).textContent).toContain('2');
    await user.click(within(drawer).getByRole('link', { name: 'Goa trip' }));
    await waitFor(() => expect(router.state.location.search).toBe('?chatId=7'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(await screen.findByTestId('message-count')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/getSavedChat/')?.body).toEqual({ chat_id: 7 });
  });

  it('renames a chat in a dialog, refusing a blank name', async () => {
    const { calls } = server();
    renderSavedChatsApp(loadingEngine(), '/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Goa trip' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Chat' });
    const input = within(dialog).getByLabelText('Chat name') as HTMLInputElement;
    expect(input.value).toBe('Goa trip');
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect((await screen.findAllByText('Please enter a valid name for your chat!')).length).toBeGreaterThan(
      0,
    );
    await user.clear(input);
    await user.type(input, 'Goa 2024{Enter}');
    expect(await screen.findByText('Chat renamed.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Rename Chat' })).toBeNull();
    expect(within(sidebar()).getByRole('link', { name: 'Goa 2024' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/v1/renameSavedChat/').map((c) => c.body)).toEqual([
      { chat_id: 7, chat_name: 'Goa 2024' },
    ]);
  });

  it('deletes after confirmation; cancelling keeps the chat', async () => {
    const { calls } = server();
    renderSavedChatsApp(loadingEngine(), '/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Goa trip' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Chat' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(calls.some((c) => c.path === '/v1/deleteSavedChat/')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Goa trip' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Chat' });
    expect(dialog.textContent).toContain('Goa trip');
    await user.click(within(dialog).getByRole('button', { name: 'Delete from account' }));
    expect(await screen.findByText('Chat deleted.')).toBeTruthy();
    expect(within(sidebar()).queryByText('Goa trip')).toBeNull();
  });

  it('deleting the chat that is open clears it and leaves /messages', async () => {
    server();
    const engine = loadingEngine(keptChat({ source: { kind: 'server', chat_id: 7 } }));
    const { router } = renderSavedChatsApp(engine, '/messages?chatId=7');
    const user = userEvent.setup();
    await screen.findByTestId('message-count');
    await user.click(await screen.findByRole('button', { name: 'Delete chat' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Chat' })).getByRole('button', {
        name: 'Delete from account',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(engine.clear).toHaveBeenCalled();
  });

  it('with no saved chat yet, leads to chat import', async () => {
    savedChatsServer((path) => (path === '/v1/getSavedChatList/' ? listOf() : jsonResponse(404, {})));
    const { router } = renderSavedChatsApp(loadingEngine(), '/dashboard');
    const sidebarList = within(await screen.findByRole('complementary'));
    expect(await sidebarList.findByText('No saved chats yet.')).toBeTruthy();
    await userEvent.setup().click(sidebarList.getByRole('link', { name: 'Import a chat' }));
    expect(router.state.location.pathname).toBe('/upload-chat');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    savedChatsServer(() => (fail ? jsonResponse(500) : listOf([1, 'Back again'])));
    renderSavedChatsApp(loadingEngine(), '/dashboard');
    const user = userEvent.setup();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeTruthy();
  });
});

describe('Logout', () => {
  it('forgets a chat from the server kept in this browser', async () => {
    server();
    const engine = loadingEngine(keptChat({ source: { kind: 'server', chat_id: 7 } }));
    const { router } = renderSavedChatsApp(engine, '/messages?chatId=7');
    await screen.findByTestId('message-count');
    await userEvent
      .setup()
      .click(within(screen.getByRole('complementary')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(engine.clear).toHaveBeenCalled();
  });
});

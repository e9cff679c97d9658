import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  keptChat,
  listOf,
  loadingEngine,
  renderSavedChatsApp,
  savedChatsServer,
} from '@/app/testing/saved-chats-app';
import { parseChatId } from '@/features/saved-chats/hooks/use-saved-chat-from-url';
import { chatMessage } from '@/shared/loaded-chat/engine/testing-deps';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse } from '@/testing/render-routes';

beforeEach(() => {
  tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
});

const savedAnswer = {
  total_msgs: 3,
  unique_authors: ['Meera', 'Kabir'],
  data: [
    { ...chatMessage({ author: 'Meera', content: 'From the server' }) },
    {
      ...chatMessage({
        author: 'Kabir',
        content: 'u1/AAAA/IMG-2.png',
        has_attachment: true,
        media_type: 'png',
      }),
    },
    { ...chatMessage({ author: 'system', content: 'Kabir left' }) },
  ],
};

function server(getSaved: (id: number) => Response) {
  return savedChatsServer((path, body) => {
    if (path === '/v1/getSavedChatList/') return listOf([5, 'Weekend']);
    if (path === '/v1/getSavedChat/') return getSaved((body as { chat_id: number }).chat_id);
    if (path === '/v1/getPresignedUrls/')
      return jsonResponse(200, { urls: {}, missing: [], expires_at: '', expires_in: 900 });
    return jsonResponse(404, { message: 'Not found' });
  });
}

describe('opening /messages?chatId={id}', () => {
  it('loads the saved chat, replacing the loaded one, with the sender from its data', async () => {
    server(() => jsonResponse(200, savedAnswer));
    const engine = loadingEngine(keptChat());
    renderSavedChatsApp(engine, '/messages?chatId=5');
    expect(await screen.findByRole('status', { name: 'Opening the saved chat' })).toBeTruthy();
    expect((await screen.findByTestId('message-count')).textContent).toBe('2 messages, 1 system notice');
    expect(engine.load).toHaveBeenCalledTimes(1);
    const [loaded] = vi.mocked(engine.load).mock.calls[0] ?? [];
    expect(loaded).toMatchObject({ sender: null, source: { kind: 'server', chat_id: 5 }, total_msgs: 3 });
    expect((screen.getByLabelText('View as') as HTMLSelectElement).value).toBe('Meera');
    expect(await screen.findByRole('heading', { name: 'Weekend' })).toBeTruthy();
  });

  it('does not fetch a chat that is already the loaded one', async () => {
    const fetchMock = server(() => jsonResponse(200, savedAnswer));
    const engine = loadingEngine(keptChat({ source: { kind: 'server', chat_id: 5 } }));
    renderSavedChatsApp(engine, '/messages?chatId=5');
    await screen.findByTestId('message-count');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/v1/getSavedChat/')).toBe(false);
    expect(engine.load).not.toHaveBeenCalled();
  });

  it('Close chat, keep saved copy forgets it in this browser: the closing screen does not load it back', async () => {
    const user = userEvent.setup();
    const fetchMock = server(() => jsonResponse(200, savedAnswer));
    const engine = loadingEngine(keptChat({ source: { kind: 'server', chat_id: 5 } }));
    renderSavedChatsApp(engine, '/messages?chatId=5');
    await user.click(await screen.findByRole('button', { name: 'Clear Chat' }));
    await user.click(screen.getByRole('button', { name: 'Close chat, keep saved copy' }));
    await screen.findByText('dashboard screen');
    await waitFor(() => expect(engine.clear).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/v1/getSavedChat/')).toBe(false);
    expect(engine.load).not.toHaveBeenCalled();
  });

  it('an unknown or foreign id gives a clear toast and the empty state; the kept chat stays kept', async () => {
    server(() =>
      jsonResponse(404, { message: 'That chat was not found in your account. It may have been deleted.' }),
    );
    const engine = loadingEngine(keptChat());
    const { router } = renderSavedChatsApp(engine, '/messages?chatId=999');
    expect(
      await screen.findByText(
        'This saved chat was not found in your account. Choose one from Previous Chats.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This chat could not be opened' })).toBeTruthy();
    expect(screen.queryByTestId('message-count')).toBeNull();
    expect(engine.load).not.toHaveBeenCalled();
    expect(engine.clear).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('?chatId=999');
  });

  it('a malformed id is refused without asking the server', async () => {
    const fetchMock = server(() => jsonResponse(200, savedAnswer));
    renderSavedChatsApp(loadingEngine(keptChat()), '/messages?chatId=abc');
    expect(
      await screen.findByText(
        'This saved chat was not found in your account. Choose one from Previous Chats.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByText('This chat could not be opened')).toBeTruthy());
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/v1/getSavedChat/')).toBe(false);
  });

  it('a server failure says so in the catalogue’s style', async () => {
    server(() => jsonResponse(503, { message: 'down' }));
    renderSavedChatsApp(loadingEngine(), '/messages?chatId=5');
    expect(
      await screen.findByText('The saved chat could not be opened. Reload the page to try again.'),
    ).toBeTruthy();
  });
});

describe('parseChatId', () => {
  it('accepts positive 32-bit integers only', () => {
    expect(parseChatId('5')).toBe(5);
    expect(parseChatId('2147483647')).toBe(2147483647);
    for (const bad of [null, '', '0', '-1', '1.5', '05', 'abc', '2147483648', '1e3'])
      expect(parseChatId(bad)).toBeNull();
  });
});

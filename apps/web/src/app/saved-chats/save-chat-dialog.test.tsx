import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  keptChat,
  listOf,
  loadingEngine,
  renderSavedChatsApp,
  savedChatsServer,
} from '@/app/testing/saved-chats-app';
import { chatMessage } from '@/shared/loaded-chat/engine/testing-deps';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse } from '@/testing/render-routes';

beforeEach(() => {
  tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
});

function serverWith(save: (body: unknown) => Response) {
  const saved: unknown[] = [];
  let list: [number, string][] = [];
  const fetchMock = savedChatsServer((path, body) => {
    if (path === '/v1/getSavedChatList/') return listOf(...list);
    if (path === '/v1/saveChatData/') {
      saved.push(body);
      const answer = save(body);
      if (answer.status === 201) list = [[41, (body as { chat_name: string }).chat_name], ...list];
      return answer;
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return { fetchMock, saved };
}

const listCalls = (fetchMock: ReturnType<typeof serverWith>['fetchMock']) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/v1/getSavedChatList/').length;

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Save Chat' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Save Your Chat' }) };
}

describe('Save Your Chat', () => {
  it('is offered on /messages without a chatId, with the hint, and closes by its close button', async () => {
    serverWith(() => jsonResponse(500));
    renderSavedChatsApp(loadingEngine(keptChat()), '/messages');
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByPlaceholderText('Write a name for your chat.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Chat' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Opened again, it starts afresh.
    await user.click(screen.getByRole('button', { name: 'Save Chat' }));
    expect((screen.getByLabelText('Chat name') as HTMLInputElement).value).toBe('');
  });

  it('refuses an empty or blank name with the catalogue’s words and sends nothing', async () => {
    const { saved } = serverWith(() => jsonResponse(201, { chat_id: 1, chat_name: 'x' }));
    renderSavedChatsApp(loadingEngine(keptChat()), '/messages');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save Chat' }));
    expect((await screen.findAllByText('Please enter a valid name for your chat!')).length).toBeGreaterThan(
      0,
    );
    await user.type(within(dialog).getByLabelText('Chat name'), '   ');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Save Your Chat' })).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('saves the chat, closes, opens /messages?chatId=, says so and fetches the list again', async () => {
    const { saved, fetchMock } = serverWith((body) =>
      jsonResponse(201, { chat_id: 41, chat_name: (body as { chat_name: string }).chat_name }),
    );
    const engine = loadingEngine(keptChat());
    const { router } = renderSavedChatsApp(engine, '/messages');
    await waitFor(() => expect(listCalls(fetchMock)).toBe(1));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Chat name'), '  Goa trip  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save Chat' }));

    expect(await screen.findByText('Chat is Saved Successfully into your account!')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Save Your Chat' })).toBeNull();
    expect(router.state.location.pathname + router.state.location.search).toBe('/messages?chatId=41');
    expect(saved).toEqual([
      {
        data: keptChat().data,
        total_msgs: 2,
        chat_name: 'Goa trip',
        unique_authors: ['Asha', 'Ravi'],
      },
    ]);
    // The loaded chat is now that saved chat: no second fetch of it, and Save Chat is gone.
    expect(engine.load).toHaveBeenCalledWith(
      expect.objectContaining({ source: { kind: 'server', chat_id: 41 } }),
      [],
    );
    await waitFor(() => expect(listCalls(fetchMock)).toBe(2));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/v1/getSavedChat/')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Chat' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Goa trip' })).toBeTruthy();
  });

  it('saves a chat imported in this browser without its local files', async () => {
    const { saved } = serverWith(() => jsonResponse(201, { chat_id: 2, chat_name: 'Pics' }));
    const photo = chatMessage({
      author: 'Asha',
      content: 'IMG-1.jpg',
      has_attachment: true,
      media_type: 'jpg',
      attachment: { file_name: 'IMG-1.jpg', kind: 'image' },
    });
    renderSavedChatsApp(loadingEngine(keptChat({ data: [photo], total_msgs: 1 })), '/messages');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Chat name'), 'Pics{Enter}');
    await screen.findByText('Chat is Saved Successfully into your account!');
    expect(saved[0]).toMatchObject({
      data: [{ has_attachment: false, media_type: null, attachment: { file_name: 'IMG-1.jpg' } }],
    });
  });

  it('keeps the dialog open and says so when saving fails', async () => {
    serverWith(() => jsonResponse(500, { message: 'boom' }));
    const { router } = renderSavedChatsApp(loadingEngine(keptChat()), '/messages');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Chat name'), 'Goa trip');
    await user.click(within(dialog).getByRole('button', { name: 'Save Chat' }));
    expect(await screen.findByText('Something Went Wrong While Saving Chat!')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Save Your Chat' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it("shows a refusal in the server's words, not the catalogue's failure", async () => {
    serverWith(() =>
      jsonResponse(429, { message: 'You saved 20 chats this hour. Try again in 12 minutes.' }),
    );
    renderSavedChatsApp(loadingEngine(keptChat()), '/messages');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Chat name'), 'Goa trip');
    await user.click(within(dialog).getByRole('button', { name: 'Save Chat' }));
    expect(await screen.findByText('You saved 20 chats this hour. Try again in 12 minutes.')).toBeTruthy();
    expect(screen.queryByText('Something Went Wrong While Saving Chat!')).toBeNull();
  });

  it('shows a spinner on the button while saving', async () => {
    let answer: (response: Response) => void = () => {};
    serverWith(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    renderSavedChatsApp(loadingEngine(keptChat()), '/messages');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Chat name'), 'Goa trip{Enter}');
    const button = within(dialog).getByRole('button', { name: 'Save Chat' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    answer(jsonResponse(201, { chat_id: 5, chat_name: 'Goa trip' }));
    await screen.findByText('Chat is Saved Successfully into your account!');
  });

  it('is not offered to a visitor', async () => {
    tokenStorage.clear();
    serverWith(() => jsonResponse(500));
    renderSavedChatsApp(loadingEngine(keptChat()), '/messages');
    await screen.findByTestId('message-count');
    expect(screen.queryByRole('button', { name: 'Save Chat' })).toBeNull();
  });
});

vi.setConfig({ testTimeout: 15_000 });

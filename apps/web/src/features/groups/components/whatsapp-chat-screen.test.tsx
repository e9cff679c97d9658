import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groupMessages, HISTORY_EMPTY_GAP_MS } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  groupRows,
  historyPages,
  message,
  openGroup,
  page,
  render,
  server,
} from '@/features/groups/testing/chat-screen-fixtures';
import { HISTORY_ASKING_AGAIN } from '@/features/groups/utils/message-page';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, sentBody, userWithRole } from '@/testing/render-routes';

describe('WhatsappChatScreen', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('without groups or sessions invites to create a session', async () => {
    server({ groups: [], sessions: [] });
    const user = userEvent.setup();
    const { router } = render();
    expect(await screen.findByRole('heading', { name: 'No Active Session :/' })).toBeTruthy();
    expect(
      screen.getByText('Do you wish to create a session and sync your whatsapp chat in realtime'),
    ).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Yes, Create Session' }));
    expect(router.state.location.pathname).toBe('/session-info');
  });

  it('tells a member who links sessions instead of inviting them to create one', async () => {
    server({ groups: [], sessions: [] });
    render('/whatsapp-chat', userWithRole('member'));
    expect(await screen.findByRole('heading', { name: 'No Active Session :/' })).toBeTruthy();
    expect(
      screen.getByText('Only admins and owners can link WhatsApp accounts and terminate sessions.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Yes, Create Session' })).toBeNull();
  });

  it('lists groups with a 25-character cut and session badges, filters by name and by session', async () => {
    server();
    const user = userEvent.setup();
    render();
    await screen.findByRole('list', { name: 'Groups' });
    expectNamedControls();
    expect(screen.getByText('Customer escalations — No...')).toBeTruthy();
    expect(screen.getByText('Your all in one tool for handling WhatsApp!')).toBeTruthy();
    expect(screen.getByText('Demo mode')).toBeTruthy();
    expect(groupRows()).toHaveLength(3);

    await user.type(screen.getByPlaceholderText('Enter Group Name'), 'PUNE');
    expect(groupRows()).toEqual(['Pune Support', 'pune deliveries']);

    await user.click(screen.getByRole('button', { name: 'Filter groups by session' }));
    expect(screen.getByText('2 groups')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Session'), 'Field');
    expect(groupRows()).toEqual(['pune deliveries']);
    expect(screen.getByText('1 group')).toBeTruthy();
    expect(
      within(screen.getByLabelText('Session'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Desk', 'Field']);
  });

  it('puts a day separator between days and names the author once per run of their messages', async () => {
    const at = (day: number, hour: number) => new Date(2024, 2, day, hour, 0).getTime() / 1000;
    const asha = {
      author: '919811111111@s.whatsapp.net',
      author_name: 'Asha',
      author_number: '919811111111',
    };
    server({
      messages: () =>
        page(
          [
            message({ body: 'one', timestamp: at(4, 9) }),
            message({ body: 'two', timestamp: at(4, 10) }),
            message({ body: 'three', timestamp: at(4, 11), ...asha }),
            message({ body: 'four', timestamp: at(5, 9), ...asha }),
            message({ body: 'mine', timestamp: at(5, 10), from_me: true, author: null, author_name: null }),
            message({ body: 'five', timestamp: at(5, 11), ...asha }),
          ],
          { has_more_before: false },
        ),
    });
    const user = userEvent.setup();
    const { container } = render();
    await openGroup(user, /Pune Support/);
    await screen.findByText('one');
    const log = screen.getByTestId('group-messages');
    expect([...log.querySelectorAll('[data-day]')].map((node) => node.getAttribute('data-day'))).toEqual([
      '2024-03-04',
      '2024-03-05',
    ]);
    expect(within(log).getByText('Monday, 4 March 2024')).toBeTruthy();
    // Ravi once (one run); Asha at each of her three runs (a new day, then after our message).
    // Found by role once the list shows its items (render() in chat-screen-fixtures).
    expect(await within(log).findAllByRole('button', { name: /Ravi Kumar/ })).toHaveLength(1);
    expect(within(log).getAllByRole('button', { name: /^Asha/ })).toHaveLength(3);
    const starts = [...container.querySelectorAll('[data-msg-id]')].map((node) =>
      node.hasAttribute('data-run-start'),
    );
    expect(starts).toEqual([true, false, true, true, true, true]);
  });

  it('says No new Chat Found for a group without messages', async () => {
    server();
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    expect(await screen.findByText('No new Chat Found')).toBeTruthy();
  });

  it('shows bubbles with author, number, quotes and own messages on the right; a click blinks that author', async () => {
    const quoted = message({
      has_quoted_msg: true,
      quoted_msg_id: 'W0',
      quoted_msg: { type: 'image', body: 'see this', media_base64: 'AAAA' },
      quoted_participant_name: 'Meera',
      body: 'looks broken',
    });
    const mine = message({
      from_me: true,
      author: null,
      author_name: null,
      author_number: null,
      body: 'on it',
    });
    const other = message({ author: '9111@s.whatsapp.net', author_name: 'Meera', author_number: '9111' });
    const again = message({ body: 'thanks' });
    server({ messages: () => page([quoted, mine, other, again], { has_more_before: false }) });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    const list = await screen.findByTestId('group-messages');
    await within(list).findByText('looks broken');
    expect(screen.getByRole('heading', { name: 'Pune Support' })).toBeTruthy();
    expect(within(list).getAllByText('Ravi Kumar')).toHaveLength(2);
    expect(within(list).getAllByText('+91 98000 00001')).toHaveLength(2);
    expect(within(list).getByText('see this')).toBeTruthy();
    // Found by role once the list shows its items (render() in chat-screen-fixtures).
    expect(await within(list).findByRole('img', { name: 'Quoted image' })).toBeTruthy();
    const side = (text: string) =>
      within(list).getByText(text).closest('[data-side]')?.getAttribute('data-side');
    expect(side('on it')).toBe('right');
    expect(side('thanks')).toBe('left');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(list).getByText('thanks'));
    const blinking = () => list.querySelectorAll('[data-blinking]').length;
    expect(blinking()).toBe(2);
    act(() => vi.advanceTimersByTime(3000));
    expect(blinking()).toBe(0);
  });

  it('Previous messages prepends the older page and keeps the newer; More messages asks after the last held', async () => {
    const history = Array.from({ length: 300 }, (_, i) => message({ body: `stored ${i}` }));
    const fetchMock = server({ messages: historyPages(history) });
    const bodies = () =>
      fetchMock.mock.calls.filter(([url]) => url === '/api/getGroupsMsg/').map(([, init]) => sentBody(init));
    const user = userEvent.setup();
    // A short viewport: the list opens at its end, as a long group does, and loads nothing by itself.
    render('/whatsapp-chat', userWithRole('admin'), 400);
    await openGroup(user, /Pune Support/);
    await screen.findByText('stored 299');
    expect(bodies()).toEqual([{ session_id: 's1', group_id: 'g1@g.us' }]);

    await user.click(screen.getByRole('button', { name: 'Previous messages' }));
    expect(await screen.findByText('Successfully fetched 100 messages')).toBeTruthy();
    expect(bodies()[1]).toEqual({
      session_id: 's1',
      group_id: 'g1@g.us',
      msg_type: 'prev',
      msg_id: history[200]?.msg_id,
    });
    // Where the list then scrolls (the page's first message) needs a layout: jsdom has none (e2e's part).

    // The newer page was kept (decision 0025): More messages asks after the newest held, which is the latest.
    await user.click(screen.getByRole('button', { name: 'More messages' }));
    expect(await screen.findByText('No newer messages')).toBeTruthy();
    expect(bodies().at(-1)).toEqual({
      session_id: 's1',
      group_id: 'g1@g.us',
      msg_type: 'next',
      msg_id: history[299]?.msg_id,
    });
  });

  it('More messages appends the next page to a window that does not end at the latest', async () => {
    const history = Array.from({ length: 300 }, (_, i) => message({ id: `H${i}`, body: `stored ${i}` }));
    const fetchMock = server({ messages: historyPages(history) });
    const user = userEvent.setup();
    // A ticket's link opens the page around its message (100..199).
    render('/whatsapp-chat?session=s1&group=g1%40g.us&message=H150', userWithRole('admin'), 400);
    expect(await screen.findByText('stored 150')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'More messages' }));
    expect(await screen.findByText('Successfully fetched 100 messages')).toBeTruthy();
    const last = fetchMock.mock.calls.filter(([url]) => url === '/api/getGroupsMsg/').at(-1);
    expect(sentBody(last?.[1])).toEqual({
      session_id: 's1',
      group_id: 'g1@g.us',
      msg_type: 'next',
      msg_id: history[199]?.msg_id,
    });
    expect(await screen.findByText('stored 200')).toBeTruthy();
  });

  it('a group that fits the screen loads its older messages by itself and keeps the newer ones', async () => {
    const history = Array.from({ length: 130 }, (_, i) => message({ body: `stored ${i}` }));
    const fetchMock = server({ messages: historyPages(history) });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    // The older page lands first, then the list's top says the group starts here.
    expect(await screen.findByText('stored 0')).toBeTruthy();
    expect(await screen.findByTestId('group-start')).toBeTruthy();
    expect(screen.getByText('stored 129')).toBeTruthy();
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url === '/api/getGroupsMsg/')
      .map(([, init]) => sentBody(init));
    expect(bodies).toEqual([
      { session_id: 's1', group_id: 'g1@g.us' },
      { session_id: 's1', group_id: 'g1@g.us', msg_type: 'prev', msg_id: history[30]?.msg_id },
    ]);
    // Loaded by scrolling: no toast.
    expect(screen.queryByText('Successfully fetched 30 messages')).toBeNull();
  });

  it('asks the phone when the store has nothing older, and refetches when the history event arrives', async () => {
    stubEventSource();
    const first = message({ body: 'first stored' });
    // What the phone sent is stored once, older than the first message, and nothing is older than it: the
    // list may ask again (a busy machine scrolls it near the top twice) and gets the same answer.
    const fromPhone = message({ body: 'from the phone', timestamp: first.timestamp - 3600 });
    let phoneAnswered = false;
    server({
      messages: (body) => {
        if (body.msg_type !== 'prev') return page([first]);
        if (!phoneAnswered) return page([], { history_pending: true });
        return body.msg_id === first.msg_id
          ? page([fromPhone], { has_more_before: false, has_more_after: true })
          : page([], { has_more_before: false, has_more_after: true });
      },
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await screen.findByText('first stored');
    await user.click(screen.getByRole('button', { name: 'Previous messages' }));
    expect(await screen.findAllByText('Asking the phone for older messages…')).not.toHaveLength(0);
    expect(screen.getByText('first stored')).toBeTruthy();

    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    phoneAnswered = true;
    act(() =>
      FakeEventSource.current()?.emit({ type: 'history', session_id: 's1', group_id: 'g1@g.us', stored: 1 }),
    );
    expect(await screen.findByText('from the phone')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', { name: '' })).toBeNull());
  });

  it('says when the phone sent nothing older this time, and still offers previous messages', async () => {
    const first = message({ body: 'first stored' });
    server({
      messages: (body) =>
        body.msg_type === 'prev'
          ? page([], { history_note: 'The phone sent nothing older this time. Try again in a minute.' })
          : page([first]),
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await screen.findByText('first stored');
    await user.click(screen.getByRole('button', { name: 'Previous messages' }));
    expect(
      await screen.findAllByText('The phone sent nothing older this time. Try again in a minute.'),
    ).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Previous messages' })).toBeTruthy();
  });

  it('above the first message says the phone sent nothing older, asks again a minute later, then shows the start', async () => {
    // Fake timers that still follow the clock, so the rendering and user events run as usual.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = message({ body: 'first stored' });
    let asked = 0;
    server({
      messages: (body) => {
        if (body.msg_type !== 'prev') return page([first]);
        asked++;
        // The server needs three empty answers a minute apart to call it the start; the second answer here
        // stands in for the one that proves it.
        return asked === 1
          ? page([], { history_note: groupMessages.phoneSentNothing })
          : page([], { has_more_before: false });
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    await openGroup(user, /Pune Support/);
    await screen.findByText('first stored');
    // The list fits the screen, so it asked for older messages by itself.
    expect((await screen.findByTestId('group-older-note')).textContent).toBe(HISTORY_ASKING_AGAIN);
    expect(screen.queryByTestId('group-start')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_EMPTY_GAP_MS / 2));
    expect(asked).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_EMPTY_GAP_MS / 2 + 1_000));
    expect(await screen.findByTestId('group-start')).toBeTruthy();
    expect(asked).toBe(2);
    expect(screen.queryByTestId('group-older-note')).toBeNull();
  });

  it('adds new live messages of the open group at once', async () => {
    stubEventSource();
    server({ messages: () => page([message({ body: 'before' })], { has_more_before: false }) });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await screen.findByText('before');
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    act(() => {
      FakeEventSource.current()?.emit({
        type: 'messages.new',
        session_id: 's1',
        group_id: 'g1@g.us',
        messages: [message({ body: 'just now' })],
      });
      FakeEventSource.current()?.emit({
        type: 'messages.new',
        session_id: 's1',
        group_id: 'g3@g.us',
        messages: [message({ body: 'other group' })],
      });
    });
    expect(await screen.findByText('just now')).toBeTruthy();
    expect(screen.queryByText('other group')).toBeNull();
  });

  it("shows the server's words when it refuses a download, such as media above its size limit", async () => {
    const document = message({
      has_media: true,
      message_type: 'document',
      mimetype: 'application/pdf',
      filename: 'scan.pdf',
      body: '',
    });
    const refusal =
      'This media is 150 MB, larger than the 100 MB this server downloads from WhatsApp. Open it on the phone instead.';
    server({
      messages: () => page([document], { has_more_before: false }),
      other: (path) => (path === '/api/downloadMedia/' ? jsonResponse(413, { message: refusal }) : undefined),
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await user.click(await screen.findByRole('button', { name: /Download/ }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('downloads media named by group, author and time, and says Error in file Download when the answer lacks media', async () => {
    const image = message({
      has_media: true,
      message_type: 'image',
      media_base64: 'AAAA',
      mimetype: 'image/jpeg',
      body: 'pic',
    });
    const video = message({
      has_media: true,
      message_type: 'video',
      media_base64: 'AAAA',
      mimetype: 'video/mp4',
      body: '',
    });
    const fetchMock = server({
      messages: () => page([image, video], { has_more_before: false }),
      other: (path, body) => {
        if (path !== '/api/downloadMedia/') return undefined;
        return body.message_id === image.msg_id
          ? jsonResponse(200, {
              success: true,
              messageMedia: { mimetype: 'image/jpeg', data: btoa('jpeg-bytes'), filename: null },
            })
          : jsonResponse(200, { success: false });
      },
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }),
    );
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await user.click(await screen.findByRole('button', { name: 'Download Image' }));
    const sent = new Date(image.timestamp * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const stamp = `${sent.getFullYear()}-${pad(sent.getMonth() + 1)}-${pad(sent.getDate())} ${pad(sent.getHours())}.${pad(sent.getMinutes())}.00`;
    await waitFor(() => expect(names).toEqual([`Pune Support - Ravi Kumar - ${stamp}.jpeg`]));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/downloadMedia/');
    expect(sentBody(call?.[1])).toEqual({ message_id: image.msg_id, chat_id: 'g1@g.us', session_id: 's1' });

    await user.click(screen.getByRole('button', { name: 'Download Video' }));
    expect(await screen.findByText('Error in file Download')).toBeTruthy();
    expect(names).toHaveLength(1);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  historyPages,
  message,
  openGroup,
  render,
  server,
} from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, sentBody, userWithRole } from '@/testing/render-routes';

// A stored history of 300 messages, three of which say "parcel".
const history = Array.from({ length: 300 }, (_, i) =>
  message({ body: [20, 150, 280].includes(i) ? `the parcel ${i}` : `stored ${i}` }),
);
const hit = (i: number) => ({
  msg_id: history[i]?.msg_id,
  timestamp: history[i]?.timestamp,
  author_name: 'Ravi Kumar',
  from_me: false,
  snippet: `the parcel ${i}`,
});

function searchServer() {
  const fetchMock = server({
    messages: historyPages(history),
    other: (path, body) =>
      path === '/api/searchGroupMsgs/'
        ? jsonResponse(200, {
            success: true,
            hits: String(body.query).toLowerCase() === 'parcel' ? [hit(280), hit(150), hit(20)] : [],
            truncated: false,
          })
        : undefined,
  });
  const sent = (url: string) =>
    fetchMock.mock.calls
      .filter(([path]) => path === url)
      .map(([, init]) => sentBody(init) as Record<string, unknown>);
  const aroundIds = () =>
    sent('/api/getGroupsMsg/')
      .filter((body) => body.msg_type === 'around')
      .map((body) => body.msg_id);
  return { sent, aroundIds };
}

const status = () => screen.getByTestId('group-search-status').textContent;
const highlighted = () =>
  [...document.querySelectorAll('[data-highlighted="true"]')].map((row) => row.getAttribute('data-msg-id'));

describe('search within a group', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('asks the server, shows the page around each hit and steps with Enter, Shift+Enter and the arrows, wrapping', async () => {
    const { sent, aroundIds } = searchServer();
    const user = userEvent.setup();
    render('/whatsapp-chat', userWithRole('admin'), 400);
    await openGroup(user, /Pune Support/);
    await screen.findByText('stored 299');
    await user.click(screen.getByRole('button', { name: 'Search messages' }));
    const input = screen.getByRole('searchbox', { name: 'Search messages in this group' });
    expect(document.activeElement).toBe(input);
    await user.type(input, ' Parcel {Enter}');
    await waitFor(() => expect(status()).toBe('1 of 3'));
    expect(sent('/api/searchGroupMsgs/')).toEqual([
      { session_id: 's1', group_id: 'g1@g.us', query: 'Parcel' },
    ]);
    // The newest hit first: the page around it, its row highlighted.
    await waitFor(() => expect(aroundIds()).toEqual([history[280]?.msg_id]));
    await waitFor(() => expect(highlighted()).toEqual([history[280]?.msg_id]));

    // Enter: the next older hit; Shift+Enter: back to the newer one.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(status()).toBe('2 of 3'));
    await waitFor(() => expect(highlighted()).toEqual([history[150]?.msg_id]));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await waitFor(() => expect(status()).toBe('1 of 3'));
    // Past the newest it wraps to the oldest, and the older arrow wraps back to the newest.
    await user.click(screen.getByRole('button', { name: 'Newer match' }));
    await waitFor(() => expect(status()).toBe('3 of 3'));
    await waitFor(() => expect(highlighted()).toEqual([history[20]?.msg_id]));
    await user.click(screen.getByRole('button', { name: 'Older match' }));
    await waitFor(() => expect(status()).toBe('1 of 3'));
    await waitFor(() =>
      expect(aroundIds()).toEqual([
        history[280]?.msg_id,
        history[150]?.msg_id,
        history[280]?.msg_id,
        history[20]?.msg_id,
        history[280]?.msg_id,
      ]),
    );
    // The search was asked once; stepping only loads pages.
    expect(sent('/api/searchGroupMsgs/')).toHaveLength(1);

    // Esc closes the bar and the highlight goes.
    await user.type(screen.getByRole('searchbox', { name: 'Search messages in this group' }), '{Escape}');
    expect(screen.queryByRole('searchbox', { name: 'Search messages in this group' })).toBeNull();
    expect(highlighted()).toEqual([]);
  });

  it('says when nothing matches, and its arrows stay off', async () => {
    const { aroundIds } = searchServer();
    const user = userEvent.setup();
    render('/whatsapp-chat', userWithRole('admin'), 400);
    await openGroup(user, /Pune Support/);
    await screen.findByText('stored 299');
    await user.click(screen.getByRole('button', { name: 'Search messages' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Search messages in this group' }),
      'invoice{Enter}',
    );
    await waitFor(() => expect(status()).toBe('No matches'));
    expect(screen.getByRole('button', { name: 'Older match' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Newer match' })).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(aroundIds()).toEqual([]);
  });
});

describe('jump to date', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it("asks for the messages from the start of that day in the member's time zone", async () => {
    const fetchMock = server({ messages: historyPages(history) });
    const user = userEvent.setup();
    // Kolkata is UTC+5:30: 5 March starts at 18:30 UTC on 4 March.
    render('/whatsapp-chat', userWithRole('admin', { time_zone: 'Asia/Kolkata' }), 400);
    await openGroup(user, /Pune Support/);
    await screen.findByText('stored 299');
    await user.click(screen.getByRole('button', { name: 'Go to date' }));
    const input = screen.getByLabelText('Go to date', { selector: 'input' });
    await user.clear(input);
    await user.type(input, '2024-03-05');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    const dateBody = () => {
      const bodies = fetchMock.mock.calls
        .filter(([url]) => url === '/api/getGroupsMsg/')
        .map(([, init]) => sentBody(init) as Record<string, unknown>);
      return bodies.find((body) => body.msg_type === 'date');
    };
    await waitFor(() =>
      expect(dateBody()).toEqual({
        session_id: 's1',
        group_id: 'g1@g.us',
        msg_type: 'date',
        timestamp: Date.UTC(2024, 2, 4, 18, 30) / 1000,
      }),
    );
  });
});

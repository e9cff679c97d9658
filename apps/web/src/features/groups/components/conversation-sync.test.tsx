import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { message, openGroup, page, render, server } from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse } from '@/testing/render-routes';

describe('Sync All Old Messages', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  const syncAnswer = (outcome: 'started' | 'already_running' | 'already_synced', message: string) =>
    jsonResponse(200, { success: true, message, outcome, already_synced: outcome === 'already_synced' });
  const progressEvent = (state: string, fetched: number) => ({
    type: 'sync.progress',
    session_id: 's1',
    group_id: 'g1@g.us',
    state,
    fetched,
    oldest_timestamp: null,
    message: null,
  });

  it('Sync All Old Messages refetches on success, shows the progress alone, and says why it failed', async () => {
    stubEventSource();
    let failure: Response | null = null;
    const fetchMock = server({
      messages: () => page([message({ body: 'm' })], { has_more_before: false }),
      other: (path) =>
        path === '/api/syncOldMsgs/'
          ? (failure ?? syncAnswer('started', 'Syncing old messages in the background.'))
          : undefined,
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await screen.findByText('m');
    const fetches = () => fetchMock.mock.calls.filter(([url]) => url === '/api/getGroupsMsg/').length;
    const before = fetches();
    await user.click(screen.getByRole('button', { name: 'Sync All Old Messages' }));
    expect(await screen.findByText(/^Syncing old messages…/)).toBeTruthy();
    await waitFor(() => expect(fetches()).toBe(before + 1));
    expect(screen.queryByText('Syncing old messages in the background.')).toBeNull();

    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    act(() => FakeEventSource.current()?.emit(progressEvent('done', 3)));
    expect(await screen.findByText('All old messages synced: 3 older messages stored.')).toBeTruthy();
    expect(screen.queryByText('All old messages are already synced.')).toBeNull();

    // No words from the server: the catalogue's text.
    failure = jsonResponse(500);
    await user.click(screen.getByRole('button', { name: 'Sync All Old Messages' }));
    expect(await screen.findByText('something went wrong')).toBeTruthy();
    // A refusal is shown in the server's words, never as "something went wrong".
    failure = jsonResponse(429, { message: 'Too many syncs at once. Try again in a minute.' });
    await user.click(screen.getByRole('button', { name: 'Sync All Old Messages' }));
    expect(await screen.findByText('Too many syncs at once. Try again in a minute.')).toBeTruthy();
  });

  it('says only "All old messages are already synced." when there is nothing to fetch, whichever comes first', async () => {
    stubEventSource();
    let eventFirst = false;
    server({
      messages: () => page([message({ body: 'm' })], { has_more_before: false }),
      other: (path) => {
        if (path !== '/api/syncOldMsgs/') return undefined;
        // The server reports `done` for a complete history too; it may reach the page before the answer.
        if (eventFirst) FakeEventSource.current()?.emit(progressEvent('done', 40));
        return syncAnswer('already_synced', 'All old messages are already synced.');
      },
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    await screen.findByText('m');
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const onlyAlreadySynced = () => {
      expect(screen.getAllByText('All old messages are already synced.')).toHaveLength(1);
      expect(screen.queryByText(/^All old messages synced/)).toBeNull();
      expect(screen.queryByText(/^Syncing old messages/)).toBeNull();
    };

    await user.click(screen.getByRole('button', { name: 'Sync All Old Messages' }));
    await screen.findByText('All old messages are already synced.');
    act(() => FakeEventSource.current()?.emit(progressEvent('done', 40)));
    onlyAlreadySynced();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('All old messages are already synced.')).toBeNull();
    eventFirst = true;
    await user.click(screen.getByRole('button', { name: 'Sync All Old Messages' }));
    await screen.findByText('All old messages are already synced.');
    onlyAlreadySynced();
  });
});

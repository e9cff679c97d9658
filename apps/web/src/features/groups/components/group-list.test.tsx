import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { message, openGroup, page, render, server } from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { sentBody } from '@/testing/render-routes';

describe('the group list', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it("shows each group's last message, its time and the unread count", async () => {
    server();
    render();
    const list = await screen.findByRole('list', { name: 'Groups' });
    const row = (name: RegExp) => within(within(list).getByRole('button', { name }));

    const pune = row(/^Pune Support/);
    expect(pune.getByText('Ravi Kumar: 📷 Photo: the broken box')).toBeTruthy();
    expect(pune.getByText(/^\d{2}:\d{2} [ap]m$/)).toBeTruthy();
    expect(pune.getByText('2 unread messages')).toBeTruthy();

    const escalations = row(/^Customer escalations/);
    expect(escalations.getByText('You: We are on it')).toBeTruthy();
    expect(escalations.getByText('Yesterday')).toBeTruthy();
    expect(escalations.queryByText(/unread/)).toBeNull();

    const deliveries = row(/^pune deliveries/);
    expect(deliveries.getByText('Delivered')).toBeTruthy();
    expect(deliveries.getByText('5 Mar 2024')).toBeTruthy();
    expect(deliveries.getByText('1234 unread messages')).toBeTruthy();
    expect(deliveries.getByText('999+')).toBeTruthy();
  });

  it('marks a group read when it is opened and when new messages show in it, and refreshes the list on new messages', async () => {
    stubEventSource();
    const fetchMock = server({
      messages: () => page([message({ body: 'seen now' })], { has_more_before: false }),
    });
    const calls = (url: string) => fetchMock.mock.calls.filter(([path]) => path === url);
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Groups' });
    expect(within(list).getByText('2 unread messages')).toBeTruthy();
    await openGroup(user, /^Pune Support/);
    await screen.findByText('seen now');
    await waitFor(() => expect(calls('/api/markGroupRead/')).toHaveLength(1));
    expect(sentBody(calls('/api/markGroupRead/')[0]?.[1])).toEqual({ session_id: 's1', group_id: 'g1@g.us' });
    expect(within(list).queryByText('2 unread messages')).toBeNull();

    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const listed = calls('/api/getGroups/').length;
    act(() => {
      FakeEventSource.current()?.emit({
        type: 'messages.new',
        session_id: 's1',
        group_id: 'g1@g.us',
        messages: [message({ body: 'arrived while open' })],
      });
    });
    await screen.findByText('arrived while open');
    await waitFor(() => expect(calls('/api/markGroupRead/')).toHaveLength(2));
    await waitFor(() => expect(calls('/api/getGroups/').length).toBeGreaterThan(listed));
  });
});

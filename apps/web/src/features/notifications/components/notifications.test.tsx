import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@wadesk/contract';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_BATCH_MS,
  NotificationsProvider,
} from '@/features/notifications/hooks/notifications-context';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-routes';
import { NotificationBell } from './notification-bell';

const NOW = new Date('2024-05-06T10:00:00Z').getTime();

const note = (id: number, patch: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'new_ticket',
  ticket_id: id + 100,
  title: `New ticket from Priya in Support #${id}`,
  body: 'Hello?',
  created_at: new Date(NOW - id * 60_000).toISOString(),
  read_at: null,
  ...patch,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const render = () =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <NotificationsProvider enabled>
            <NotificationBell />
            <Where />
          </NotificationsProvider>
        ),
      },
    ],
    '/members',
  );

/** The server's store: the first page, what was marked read, and the pages asked for. */
function server(notifications: Notification[], unread = notifications.filter((n) => !n.read_at).length) {
  const marked: unknown[] = [];
  const asked: unknown[] = [];
  /** The server's unread count: a test raises it for what it emits on the stream. */
  const state = { unread };
  const fetchMock = stubFetch((path, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    if (path === '/events/stream-token/') return jsonResponse(200, { stream_token: 'tk', expires_in: 60 });
    if (path === '/org/getNotifications/') {
      asked.push(body);
      const list = body.before_id ? notifications.filter((n) => n.id < body.before_id) : notifications;
      return jsonResponse(200, { notifications: list.slice(0, body.limit ?? 30), unread: state.unread });
    }
    if (path === '/org/markNotificationsRead/') {
      marked.push(body);
      state.unread = body.all ? 0 : Math.max(0, state.unread - body.ids.length);
      return jsonResponse(200, { success: true, unread: state.unread });
    }
    return jsonResponse(404, { message: 'nope' });
  });
  return { fetchMock, marked, asked, state };
}

/** A stand-in for the browser's Notification with the permission given. */
function stubNotification(permission: NotificationPermission) {
  const shown: { title: string; body?: string; tag?: string }[] = [];
  const instances: FakeNotification[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, body: options.body, tag: options.tag });
      instances.push(this);
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, instances, FakeNotification };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const emit = (event: object) => act(() => FakeEventSource.current()?.emit(event));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  stubEventSource();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notifications', () => {
  it('shows the server’s notifications and unread count; a row opens its ticket and is marked read', async () => {
    const { marked } = server([note(1), note(2, { read_at: new Date(NOW).toISOString() })]);
    render();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    await userEvent.click(bell());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('#1 (unread)'), expect.not.stringContaining('(unread)')]);
    await userEvent.click(within(list).getByText(/#1$/));
    expect(screen.getByTestId('where').textContent).toBe('/inbox?ticket=101');
    expect(marked).toEqual([{ ids: [1] }]);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
  });

  it('a notification from the event stream rings the bell; mark one and mark all read', async () => {
    const { marked, state } = server([note(1)]);
    render();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    emit({
      type: 'notification.created',
      notification: note(3, { kind: 'assigned', title: 'Ravi assigned ticket #103 to you' }),
    });
    state.unread = 2;
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    await userEvent.click(bell());
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark read: Ravi assigned ticket #103 to you' }),
    );
    expect(marked).toEqual([{ ids: [3] }]);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Mark read: Ravi assigned ticket #103 to you' }),
      ).toBeNull(),
    );
    // Still where it was: marking read opens nothing.
    expect(screen.getByTestId('where').textContent).toBe('/members');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(marked).toEqual([{ ids: [3] }, { all: true }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
  });

  it('follows reads made in another tab', async () => {
    server([note(1), note(2), note(3)]);
    render();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    emit({ type: 'notifications.read', ids: [2], unread: 2 });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    await userEvent.click(bell());
    const rows = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.includes('(unread)'))).toEqual([true, false, true]);
    emit({ type: 'notifications.read', ids: null, unread: 0 });
    // Behind its open panel the bell is out of reach, as everything behind a modal is.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
  });

  it('pages older notifications on demand', async () => {
    const many = Array.from({ length: 35 }, (_, i) => note(35 - i));
    const { asked } = server(many);
    render();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 35 unread'));
    await userEvent.click(bell());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(35));
    expect(asked).toEqual([{ limit: 30 }, { limit: 30, before_id: 6 }]);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('shows a browser notification only when permitted and the tab is not in front; a burst is one that opens the inbox', async () => {
    const { shown, instances } = stubNotification('granted');
    vi.spyOn(window, 'focus').mockImplementation(() => {});
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    server([]);
    render();
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    emit({ type: 'notification.created', notification: note(12) });
    await act(async () => vi.advanceTimersByTimeAsync(BROWSER_BATCH_MS));
    expect(shown).toEqual([]);
    focus.mockReturnValue(false);
    emit({
      type: 'notification.created',
      notification: note(14, { title: 'New ticket from Ravi in Support' }),
    });
    await act(async () => vi.advanceTimersByTimeAsync(BROWSER_BATCH_MS));
    expect(shown).toEqual([
      { title: 'New ticket from Ravi in Support', body: 'Hello?', tag: 'notification-14' },
    ]);
    for (const id of [20, 21, 22, 23]) emit({ type: 'notification.created', notification: note(id) });
    await act(async () => vi.advanceTimersByTimeAsync(BROWSER_BATCH_MS));
    expect(shown.slice(1)).toEqual([{ title: 'wadesk', body: '4 new notifications', tag: 'wadesk-many' }]);
    // The burst is about several tickets: it opens the inbox, where they are worked.
    act(() => instances.at(-1)?.onclick?.());
    expect(screen.getByTestId('where').textContent).toBe('/inbox');
  });

  it('shows no bell and asks nothing when signed out', async () => {
    const { fetchMock } = server([]);
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <NotificationsProvider enabled={false}>
              <NotificationBell />
            </NotificationsProvider>
          ),
        },
      ],
      '/messages',
    );
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for browser permission only from the button in the panel', async () => {
    const { FakeNotification } = stubNotification('default');
    server([]);
    render();
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('button', { name: 'Enable browser notifications' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Browser notifications are on/)).toBeTruthy();
  });
});

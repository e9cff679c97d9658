import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@wadesk/contract';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NotificationsProvider,
  UNANSWERED_CHECK_MS,
} from '@/features/notifications/hooks/notifications-context';
import { NOTIFIED_KEY } from '@/features/notifications/utils/notified-ids';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-routes';
import { NotificationBell } from './notification-bell';

const NOW = new Date('2024-05-06T10:00:00Z').getTime();
const MINUTE = 60_000;

const ticket = (id: number, patch: Partial<Ticket> = {}): Ticket => ({
  id,
  group_name: 'Support',
  customer: 'Priya',
  customer_number: '+919876543210',
  last_message: 'Hello?',
  status: 'open',
  created_at: new Date(NOW - 10 * MINUTE).toISOString(),
  updated_at: new Date(NOW - 10 * MINUTE).toISOString(),
  first_response_at: null,
  closed_at: null,
  session_id: 's1',
  group_id: 'g1@g.us',
  assignee: null,
  answered_by: null,
  labels: [],
  customer_replied_at: null,
  follow_up_of: null,
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

function server(open: Ticket[], settings: { status: number; body: unknown }) {
  return stubFetch((path) => {
    if (path === '/events/stream-token/') return jsonResponse(200, { stream_token: 'tk', expires_in: 60 });
    if (path === '/org/getTickets/') return jsonResponse(200, open);
    if (path === '/org/getSettings/') return jsonResponse(settings.status, settings.body);
    return jsonResponse(404, { message: 'nope' });
  });
}
const settings30 = {
  status: 200,
  body: { ack_phrases: ['ok'], unanswered_minutes: 30, auto_pending: false, reopen_days: 7 },
};

/** A stand-in for the browser's Notification with the permission given. */
function stubNotification(permission: NotificationPermission) {
  const shown: { title: string; body?: string; tag?: string }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted' as const;
    });
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, body: options.body, tag: options.tag });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return { shown, FakeNotification };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
  tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  localStorage.removeItem(NOTIFIED_KEY);
  stubEventSource();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notifications', () => {
  it('a new ticket from the event stream rings the bell; its row opens the conversation on the dashboard', async () => {
    server([], settings30);
    render();
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    act(() => FakeEventSource.current()?.emit({ type: 'ticket.created', ticket: ticket(12) }));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await userEvent.click(bell());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(within(list).getByRole('button', { name: /New ticket from Priya in Support/ }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard?ticket=12');
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('tells the assignee, and only them, when a customer reopens their ticket', async () => {
    server([], settings30);
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <NotificationsProvider enabled meId={7}>
              <NotificationBell />
            </NotificationsProvider>
          ),
        },
      ],
      '/members',
    );
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const reopened = (id: number, assigneeId: number) => ({
      type: 'ticket.updated',
      change: 'reopened',
      ticket: ticket(id, { status: 'in_progress', assignee: { id: assigneeId, name: '' } }),
    });
    act(() => FakeEventSource.current()?.emit(reopened(12, 8)));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    act(() => FakeEventSource.current()?.emit(reopened(13, 7)));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await userEvent.click(bell());
    expect(await screen.findByText('Ticket #13 reopened: Priya wrote again')).toBeTruthy();
  });

  it('alerts once per ticket when it stays unanswered for the organisation’s minutes, remembered by the browser', async () => {
    server([ticket(12), ticket(13, { first_response_at: new Date(NOW).toISOString() })], settings30);
    const first = render();
    await waitFor(() => expect(bell()).toBeTruthy());
    // Ten minutes old: nothing yet.
    await act(async () => vi.advanceTimersByTimeAsync(UNANSWERED_CHECK_MS));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    // Thirty minutes old: one alert, for the ticket without a reply only.
    await act(async () => vi.advanceTimersByTimeAsync(20 * MINUTE));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    await userEvent.click(bell());
    expect(await screen.findByText('Ticket #12 from Priya unanswered for 30 min')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(NOTIFIED_KEY) ?? '[]')).toEqual([12]);

    // Another load of the app in this browser does not alert about #12 again.
    first.unmount();
    render();
    await act(async () => vi.advanceTimersByTimeAsync(2 * UNANSWERED_CHECK_MS));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('watches the open tickets from the events without asking the server again', async () => {
    // #12 turns thirty minutes old at the next check, unless the event that it got a reply takes it out.
    const almostDue = ticket(12, { created_at: new Date(NOW - 29.75 * MINUTE).toISOString() });
    const fetchMock = server([almostDue], settings30);
    render();
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/org/getTickets/'));
    const asked = () => fetchMock.mock.calls.filter(([url]) => url === '/org/getTickets/').length;
    const before = asked();
    act(() => {
      FakeEventSource.current()?.emit({
        type: 'ticket.updated',
        change: 'message',
        ticket: { ...almostDue, status: 'in_progress', first_response_at: new Date(NOW).toISOString() },
      });
      // A split's later part, opened forty minutes ago: due at once.
      FakeEventSource.current()?.emit({
        type: 'ticket.created',
        ticket: ticket(14, { created_at: new Date(NOW - 40 * MINUTE).toISOString() }),
      });
    });
    await act(async () => vi.advanceTimersByTimeAsync(UNANSWERED_CHECK_MS));
    await userEvent.click(bell());
    expect(await screen.findByText('Ticket #14 from Priya unanswered for 30 min')).toBeTruthy();
    expect(screen.queryByText(/Ticket #12/)).toBeNull();
    expect(asked()).toBe(before);
  });

  it('without the settings (the call failed) it alerts nothing rather than guess a threshold', async () => {
    server([ticket(12, { created_at: new Date(NOW - 600 * MINUTE).toISOString() })], {
      status: 404,
      body: { message: 'Not found' },
    });
    render();
    await act(async () => vi.advanceTimersByTimeAsync(2 * UNANSWERED_CHECK_MS));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(localStorage.getItem(NOTIFIED_KEY)).toBeNull();
  });

  it('shows a browser notification only when permitted and the tab is not in front', async () => {
    const { shown } = stubNotification('granted');
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    server([], settings30);
    render();
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    act(() => FakeEventSource.current()?.emit({ type: 'ticket.created', ticket: ticket(12) }));
    expect(shown).toEqual([]);
    focus.mockReturnValue(false);
    act(() =>
      FakeEventSource.current()?.emit({ type: 'ticket.created', ticket: ticket(14, { customer: 'Ravi' }) }),
    );
    expect(shown).toEqual([{ title: 'wadesk', body: 'New ticket from Ravi in Support', tag: 'new-14' }]);
  });

  it('shows no bell and asks nothing when signed out', async () => {
    const fetchMock = server([], settings30);
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
    await act(async () => vi.advanceTimersByTimeAsync(UNANSWERED_CHECK_MS));
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for browser permission only from the button in the panel', async () => {
    const { FakeNotification } = stubNotification('default');
    server([], settings30);
    render();
    await act(async () => vi.advanceTimersByTimeAsync(UNANSWERED_CHECK_MS));
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(bell());
    await userEvent.click(await screen.findByRole('button', { name: 'Enable browser notifications' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/Browser notifications are on/)).toBeTruthy();
  });
});

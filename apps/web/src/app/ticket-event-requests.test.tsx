import { act, screen, waitFor } from '@testing-library/react';
import type { AuthUser, ServerEvent, SessionGroup, Ticket } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUPS, session } from '@/features/groups/testing/chat-screen-fixtures';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { AppLayout } from './layouts/app-layout';
import { DashboardRoute } from './routes/app/dashboard';
import { WhatsappChatRoute } from './routes/app/whatsapp-chat';

// What one ticket event costs an open tab: the layout's bell plus the dashboard or the WhatsApp Chat page,
// counted as the requests the tab sends after the event. The event carries the ticket, so the screens
// apply it to what they show; only what it cannot carry (the dashboard's averages, a new ticket's SLA
// clocks) may be asked again.

// The dashboard's 5-second poll would land in the middle of a measurement on a slow machine.
vi.mock('@/features/tickets/utils/ticket-table', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  TICKET_POLL_MS: 3_600_000,
}));

const USER: AuthUser = {
  id: 7,
  email: 'asha@acme.test',
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'owner',
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
};

const TICKETS: Ticket[] = [
  makeTicket(3, { customer: 'Kabir', status: 'in_progress' }),
  makeTicket(2, { customer: 'Zoya', status: 'close', closed_at: '2024-03-02T10:00:00Z' }),
  makeTicket(1, { customer: 'Meera' }),
];
const GROUPS_WITH_TICKETS: SessionGroup[] = GROUPS.map((group, index) =>
  index === 0 ? { ...group, open_tickets: 1 } : group,
);

function server() {
  return stubFetch((path, init) => {
    const body = (init.body ? JSON.parse(String(init.body)) : {}) as { status?: string[] };
    switch (path) {
      case '/org/getTickets/':
        return jsonResponse(
          200,
          body.status ? TICKETS.filter((ticket) => body.status?.includes(ticket.status)) : TICKETS,
        );
      case '/org/getTicketStats/':
        return jsonResponse(200, {
          open: 1,
          in_progress: 1,
          pending: 0,
          closed: 1,
          total: 3,
          avg_first_response_seconds: 60,
          avg_resolution_seconds: 600,
          sla_due_soon: 0,
          sla_breached: 0,
        });
      case '/org/getSlaClocks/':
        return jsonResponse(200, { now: '2024-03-05T12:00:00Z', clocks: [] });
      case '/org/getCounts/':
        return jsonResponse(200, { sessions: 1, groups: 3, agents: 2 });
      case '/org/getSettings/':
        return jsonResponse(200, { unanswered_minutes: 30 });
      case '/org/getLabels/':
        return jsonResponse(200, []);
      case '/api/getSessionsList/':
        return jsonResponse(200, {
          session_list: [session('s1', 'Desk'), session('s2', 'Field')],
          session_count: 2,
          driver: 'simulator',
        });
      case '/api/getGroups/':
        return jsonResponse(200, { success: true, groups: GROUPS_WITH_TICKETS, groups_count: 3 });
      case '/events/stream-token/':
        return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
      default:
        return jsonResponse(404, { message: `unexpected ${path}` });
    }
  });
}

const renderApp = (entry: string) =>
  renderRoutes(
    [
      {
        element: (
          <AuthUserProvider user={USER}>
            <AppLayout />
          </AuthUserProvider>
        ),
        children: [
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/whatsapp-chat', element: <WhatsappChatRoute /> },
        ],
      },
    ],
    entry,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the tab has sent nothing for a while: the screens have loaded. */
async function settled(fetchMock: ReturnType<typeof stubFetch>) {
  let seen = -1;
  while (seen !== fetchMock.mock.calls.length) {
    seen = fetchMock.mock.calls.length;
    await act(() => sleep(300));
  }
}

/** The requests the tab sends in answer to one event. */
async function requestsFor(fetchMock: ReturnType<typeof stubFetch>, event: ServerEvent): Promise<string[]> {
  const before = fetchMock.mock.calls.length;
  act(() => FakeEventSource.current()?.emit(event));
  await act(() => sleep(300));
  return fetchMock.mock.calls.slice(before).map(([url]) => String(url));
}

const newTicket = makeTicket(4, { customer: 'Nisha', created_at: '2024-03-04T08:00:00Z' });
const EVENTS: [string, ServerEvent][] = [
  ['ticket.created', { type: 'ticket.created', ticket: newTicket }],
  [
    'ticket.updated (message)',
    {
      type: 'ticket.updated',
      change: 'message',
      ticket: { ...newTicket, last_message: 'Any news?', updated_at: '2024-03-04T09:30:00Z' },
    },
  ],
  [
    'ticket.updated (assignee)',
    {
      type: 'ticket.updated',
      change: 'assignee',
      ticket: { ...TICKETS[2], assignee: { id: 7, name: 'Asha' } },
    },
  ],
  [
    'ticket.updated (status)',
    {
      type: 'ticket.updated',
      change: 'status',
      ticket: { ...TICKETS[0], status: 'close', closed_at: '2024-03-05T10:00:00Z' },
    },
  ],
  [
    // The customer rated the closed ticket.
    'ticket.updated (satisfaction)',
    {
      type: 'ticket.updated',
      change: 'satisfaction',
      ticket: { ...TICKETS[1], satisfaction: { asked_at: '2024-03-02T10:00:01Z', score: 5 } },
    },
  ],
  ['ticket.updated (merged)', { type: 'ticket.updated', change: 'merged', ticket: TICKETS[2] }],
] as [string, ServerEvent][];

/** `after`: what to check once the named event has been handled. */
async function measure(
  entry: string,
  loaded: () => Promise<unknown>,
  after: Partial<Record<string, () => void>> = {},
) {
  stubEventSource();
  const fetchMock = server();
  renderApp(entry);
  await loaded();
  await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
  await settled(fetchMock);
  const sent: Record<string, string[]> = {};
  for (const [name, event] of EVENTS) {
    sent[name] = await requestsFor(fetchMock, event);
    after[name]?.();
  }
  return sent;
}

describe('requests per ticket event in one tab', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('the dashboard and the bell: the averages only, which the event does not carry', async () => {
    const sent = await measure('/dashboard', () => screen.findByText('Kabir'), {
      // The event's ticket is on screen without asking for the list again.
      'ticket.created': () => expect(screen.getByText('Nisha')).toBeTruthy(),
      // The rating shows in the ticket's row, from the event alone.
      'ticket.updated (satisfaction)': () =>
        expect(screen.getByRole('img', { name: 'Satisfaction: Excellent (5 of 5)' })).toBeTruthy(),
    });
    expect(sent).toEqual({
      // And the new ticket's SLA clocks, which the event does not carry (a listed ticket's stay cached).
      'ticket.created': ['/org/getTicketStats/', '/org/getSlaClocks/'],
      'ticket.updated (message)': ['/org/getTicketStats/'],
      'ticket.updated (assignee)': ['/org/getTicketStats/'],
      'ticket.updated (status)': ['/org/getTicketStats/'],
      'ticket.updated (satisfaction)': ['/org/getTicketStats/'],
      // The merged-away ticket is not named: the list is asked again, the stats wait for their poll.
      'ticket.updated (merged)': ['/org/getTickets/'],
    });
  });

  it('the WhatsApp Chat page and the bell: at most the group list, when the event cannot say its count', async () => {
    const sent = await measure('/whatsapp-chat', () => screen.findByRole('list', { name: 'Groups' }), {
      // Pune Support's new ticket is counted from the event.
      'ticket.created': () => expect(screen.getAllByTitle('2 open tickets').length).toBeGreaterThan(0),
    });
    expect(sent).toEqual({
      'ticket.created': [],
      'ticket.updated (message)': [],
      'ticket.updated (assignee)': [],
      // Closed from in progress or again from closed: the event does not say, so the count is asked.
      'ticket.updated (status)': ['/api/getGroups/'],
      'ticket.updated (satisfaction)': [],
      'ticket.updated (merged)': [],
    });
  });
});

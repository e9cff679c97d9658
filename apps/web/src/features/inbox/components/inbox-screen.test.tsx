import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, BulkUpdateTicketsResponse, InboxTicket, SlaClock, Ticket } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INBOX_REFRESH_DELAY_MS } from '@/features/inbox/hooks/use-inbox-refresh';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { type InboxPaneProps, InboxScreen } from './inbox-screen';

const ME: AuthUser = {
  id: 7,
  email: 'mia@example.com',
  first_name: 'Mia',
  last_name: 'Lee',
  role: 'member',
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
};

const NOW = Date.now();
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

const row = (id: number, extra: Partial<InboxTicket> = {}): InboxTicket => ({
  ...makeTicket(id, { customer: `Customer ${id}`, group_name: `Group ${id}`, last_message: `Message ${id}` }),
  last_customer_at: minutesAgo(id),
  waiting_since: null,
  ...extra,
});

const FIRST = [
  row(1, { waiting_since: minutesAgo(12), customer_replied_at: minutesAgo(12), status: 'in_progress' }),
  row(2, { assignee: { id: 8, name: 'Ravi Shah' } }),
  row(3),
];
const SECOND = [row(4, { status: 'pending' })];

/** Ticket 2's first response is overdue by 20 minutes. */
const CLOCKS: SlaClock[] = [
  {
    ticket_id: 2,
    kind: 'first_response',
    cycle: 0,
    policy_name: 'Standard',
    started_at: minutesAgo(80),
    due_at: minutesAgo(20),
    warn_at: minutesAgo(35),
    stopped_at: null,
    stopped_by: null,
    paused: false,
    met: null,
    business_seconds: 0,
    wall_seconds: 0,
  },
];

type Sent = [string, unknown][];

function server(
  bulk: (body: unknown) => BulkUpdateTicketsResponse = () => done([]),
  firstPage: () => InboxTicket[] = () => FIRST,
) {
  const sent: Sent = [];
  const fetchMock = stubFetch((path, init) => {
    const body = sentBody(init);
    sent.push([path, body]);
    switch (path) {
      case '/org/getInbox/': {
        const request = body as { view: string; q?: string; cursor?: string };
        if (request.q === 'nobody') return jsonResponse(200, { tickets: [], next_cursor: null });
        if (request.cursor === 'page-2') return jsonResponse(200, { tickets: SECOND, next_cursor: null });
        return jsonResponse(200, { tickets: firstPage(), next_cursor: 'page-2' });
      }
      case '/org/bulkUpdateTickets/':
        return jsonResponse(200, bulk(body));
      case '/org/getCustomerTickets/':
        return jsonResponse(200, [
          makeTicket(5, { customer: 'Customer 1', group_name: 'Other group', last_message: 'Old question' }),
        ]);
      case '/org/members/':
        return jsonResponse(200, {
          members: [
            {
              id: 7,
              email: 'mia@example.com',
              first_name: 'Mia',
              last_name: 'Lee',
              role: 'member',
              agent_id: null,
              joined_at: '2024-01-01T00:00:00Z',
            },
            {
              id: 8,
              email: 'ravi@example.com',
              first_name: 'Ravi',
              last_name: 'Shah',
              role: 'member',
              agent_id: null,
              joined_at: '2024-01-01T00:00:00Z',
            },
          ],
          invitations: [],
        });
      case '/org/getLabels/':
        return jsonResponse(200, [{ id: 3, name: 'Refunds', colour: '#0f766e' }]);
      case '/org/getSlaClocks/': {
        const ids = (body as { ticket_ids: number[] }).ticket_ids;
        return jsonResponse(200, {
          now: new Date().toISOString(),
          clocks: CLOCKS.filter((c) => ids.includes(c.ticket_id)),
        });
      }
      case '/events/stream-token/':
        return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
      default:
        return jsonResponse(404, { message: `unexpected ${path}` });
    }
  });
  return { sent, fetchMock };
}

function done(skipped: BulkUpdateTicketsResponse['skipped'], count = 2): BulkUpdateTicketsResponse {
  return {
    success: true,
    message: count === 1 ? '1 ticket updated.' : `${count} tickets updated.`,
    tickets: [],
    skipped,
  };
}

function Conversation({ ticketId, known }: InboxPaneProps) {
  return (
    <div>
      <p>conversation of #{ticketId}</p>
      <p>{known ? 'from the list' : 'loaded alone'}</p>
      <label>
        Reply to the customer
        <textarea data-reply-field="" />
      </label>
    </div>
  );
}
const Details = ({ ticketId }: InboxPaneProps) => <p>details of #{ticketId}</p>;

/** The screen's query cache, to do what a change in the tickets feature does to it. */
let cache: QueryClient | null = null;
function GrabCache() {
  cache = useQueryClient();
  return null;
}

function render(entry = '/inbox') {
  return renderRoutes(
    [
      {
        path: '/inbox',
        element: (
          <AuthUserProvider user={ME}>
            <GrabCache />
            <InboxScreen Conversation={Conversation} Details={Details} />
          </AuthUserProvider>
        ),
      },
    ],
    entry,
  );
}

const inboxRequests = (sent: Sent) =>
  sent.filter(([path]) => path === '/org/getInbox/').map(([, body]) => body);
const rowOf = (id: number) => document.querySelector(`[data-ticket-id="${id}"]`) as HTMLElement;

/** Widths the screen lays out for (jsdom has no matchMedia): desktop, or a phone. */
function stubWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width: (\d+)px/.exec(query);
    const max = /max-width: (\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {} };
  });
}

describe('InboxScreen', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    stubWidth(1366);
  });

  it('lists the tickets with their state and waiting time, and loads the next page from the cursor', async () => {
    const { sent } = server();
    const user = userEvent.setup();
    render();
    const list = await screen.findByRole('list', { name: 'Inbox tickets' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.dataset.ticketId),
    ).toEqual(['1', '2', '3']);
    const first = within(rowOf(1));
    expect(first.getByText('Customer 1')).toBeTruthy();
    expect(first.getByText('Group 1')).toBeTruthy();
    expect(first.getByText('Message 1')).toBeTruthy();
    expect(first.getByText('In Progress')).toBeTruthy();
    expect(first.getByText('Customer replied')).toBeTruthy();
    expect(first.getByText('Unassigned')).toBeTruthy();
    expect(first.getByText('· waiting 12 min')).toBeTruthy();
    expect(within(rowOf(2)).getByText('Ravi Shah')).toBeTruthy();
    expect(within(rowOf(2)).queryByText('Customer replied')).toBeNull();
    expect(inboxRequests(sent)).toEqual([{ view: 'all' }]);

    await user.click(screen.getByRole('button', { name: 'Load more tickets' }));
    await waitFor(() => expect(rowOf(4)).toBeTruthy());
    expect(inboxRequests(sent).at(-1)).toEqual({ view: 'all', cursor: 'page-2' });
    expect(within(rowOf(4)).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more tickets' })).toBeNull();
  });

  it('asks for a view and for a search after a pause in typing, and says when nothing matches', async () => {
    const { sent } = server();
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('list', { name: 'Inbox tickets' });
    await user.click(screen.getByRole('button', { name: 'Mine' }));
    expect(screen.getByRole('button', { name: 'Mine' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(inboxRequests(sent).at(-1)).toEqual({ view: 'mine' }));
    expect(router.state.location.search).toBe('?view=mine');

    await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'nobody');
    expect(await screen.findByText('No tickets match “nobody”.')).toBeTruthy();
    // One request for the whole word, not one per letter.
    expect(inboxRequests(sent).filter((body) => (body as { q?: string }).q !== undefined)).toEqual([
      { view: 'mine', q: 'nobody' },
    ]);
  });

  it("shows each row's most urgent SLA clock, and filters the view by SLA from the address", async () => {
    const { sent } = server();
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('list', { name: 'Inbox tickets' });
    const badge = await within(rowOf(2)).findByText('First response overdue by 20 min');
    expect(badge.closest('[data-sla-state]')?.getAttribute('data-sla-state')).toBe('breached');
    expect(rowOf(1).querySelector('[data-sla-state]')).toBeNull();
    expect(sent.filter(([path]) => path === '/org/getSlaClocks/')).toEqual([
      ['/org/getSlaClocks/', { ticket_ids: [1, 2, 3] }],
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'SLA' }), 'Breached');
    await waitFor(() => expect(inboxRequests(sent).at(-1)).toEqual({ view: 'all', sla: 'breached' }));
    expect(router.state.location.search).toBe('?sla=breached');
    await user.click(screen.getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(inboxRequests(sent).at(-1)).toEqual({ view: 'mine', sla: 'breached' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'SLA' }), 'Any');
    await waitFor(() => expect(inboxRequests(sent).at(-1)).toEqual({ view: 'mine' }));
    expect(router.state.location.search).toBe('?view=mine');
  });

  it('asks a view filtered by SLA again when the clocks change, and an unfiltered one not', async () => {
    stubEventSource();
    const { sent } = server();
    const user = userEvent.setup();
    render('/inbox?sla=due_soon');
    await screen.findByRole('list', { name: 'Inbox tickets' });
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    expect(inboxRequests(sent)).toEqual([{ view: 'all', sla: 'due_soon' }]);
    const clocksAsked = () => sent.filter(([path]) => path === '/org/getSlaClocks/').length;
    await waitFor(() => expect(clocksAsked()).toBe(1));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => FakeEventSource.current()?.emit({ type: 'sla.changed', ticket_ids: [1] }));
    act(() => vi.advanceTimersByTime(INBOX_REFRESH_DELAY_MS));
    vi.useRealTimers();
    await waitFor(() => expect(inboxRequests(sent)).toHaveLength(2));
    expect(inboxRequests(sent)[1]).toEqual({ view: 'all', sla: 'due_soon' });
    // Ticket 1's clocks are asked again too.
    await waitFor(() => expect(clocksAsked()).toBe(2));

    await user.selectOptions(screen.getByRole('combobox', { name: 'SLA' }), 'Any');
    await waitFor(() => expect(inboxRequests(sent)).toHaveLength(3));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => FakeEventSource.current()?.emit({ type: 'sla.changed', ticket_ids: [1] }));
    act(() => vi.advanceTimersByTime(INBOX_REFRESH_DELAY_MS));
    vi.useRealTimers();
    await waitFor(() => expect(clocksAsked()).toBe(3));
    expect(inboxRequests(sent)).toHaveLength(3);
  });

  it('changes the checked tickets at once and tells what was skipped', async () => {
    const mine: Ticket = {
      ...makeTicket(1, { customer: 'Customer 1', group_name: 'Group 1', last_message: 'Message 1' }),
      assignee: { id: 7, name: 'Mia Lee' },
    };
    const { sent } = server((body) =>
      (body as { action: string }).action === 'assign'
        ? { ...done([{ ticket_id: 2, message: 'Ticket not found.' }], 1), tickets: [mine] }
        : done([], 3),
    );
    const user = userEvent.setup();
    render();
    await screen.findByRole('list', { name: 'Inbox tickets' });
    const asked = inboxRequests(sent).length;
    await user.click(screen.getByRole('checkbox', { name: 'Select ticket #1 of Customer 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select ticket #2 of Customer 2' }));
    const bar = screen.getByRole('region', { name: 'Change the selected tickets' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.selectOptions(
      within(bar).getByRole('combobox', { name: 'Assign the selected tickets' }),
      'Me',
    );
    await waitFor(() =>
      expect(sent).toContainEqual([
        '/org/bulkUpdateTickets/',
        { action: 'assign', ticket_ids: [1, 2], assignee_id: 7 },
      ]),
    );
    expect(await screen.findByText('1 ticket updated.')).toBeTruthy();
    expect(await screen.findByText('1 ticket skipped. #2: Ticket not found.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Change the selected tickets' })).toBeNull();
    // The answer's ticket changes its row in place: the view is not asked again.
    expect(await within(rowOf(1)).findByText('Mia Lee')).toBeTruthy();
    expect(inboxRequests(sent)).toHaveLength(asked);

    await user.click(screen.getByRole('checkbox', { name: 'Select all 3 shown' }));
    const again = screen.getByRole('region', { name: 'Change the selected tickets' });
    expect(within(again).getByText('3 selected')).toBeTruthy();
    await user.selectOptions(
      within(again).getByRole('combobox', { name: 'Add a label to the selected tickets' }),
      'Refunds',
    );
    await waitFor(() =>
      expect(sent).toContainEqual([
        '/org/bulkUpdateTickets/',
        { action: 'label', ticket_ids: [1, 2, 3], label_id: 3 },
      ]),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all 3 shown' }));
    await user.click(screen.getByRole('button', { name: 'Close tickets' }));
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/bulkUpdateTickets/', { action: 'close', ticket_ids: [1, 2, 3] }]),
    );
  });

  it('works from the keyboard: j and k open the next and previous, r replies, e closes, a assigns to me, ? shows the keys', async () => {
    const { sent } = server(() => done([], 1));
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('list', { name: 'Inbox tickets' });

    await user.keyboard('j');
    expect(await screen.findByText('conversation of #1')).toBeTruthy();
    expect(router.state.location.search).toBe('?ticket=1');
    await user.keyboard('jj');
    expect(await screen.findByText('conversation of #3')).toBeTruthy();
    await user.keyboard('k');
    expect(await screen.findByText('conversation of #2')).toBeTruthy();
    expect(rowOf(2).querySelector('button')?.getAttribute('aria-current')).toBe('true');

    await user.keyboard('e');
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/bulkUpdateTickets/', { action: 'close', ticket_ids: [2] }]),
    );
    await user.keyboard('a');
    await waitFor(() =>
      expect(sent).toContainEqual([
        '/org/bulkUpdateTickets/',
        { action: 'assign', ticket_ids: [2], assignee_id: 7 },
      ]),
    );

    await user.keyboard('r');
    const reply = screen.getByRole('textbox', { name: 'Reply to the customer' });
    expect(document.activeElement).toBe(reply);
    // Typing is typing: no key below moves, closes or assigns.
    const before = sent.length;
    await user.keyboard('jkea');
    expect((reply as HTMLTextAreaElement).value).toBe('jkea');
    expect(router.state.location.search).toBe('?ticket=2');
    (reply as HTMLTextAreaElement).blur();
    // Nor with a modifier held.
    await user.keyboard('{Control>}j{/Control}{Alt>}e{/Alt}{Meta>}a{/Meta}');
    expect(router.state.location.search).toBe('?ticket=2');
    expect(sent.slice(before).filter(([path]) => path === '/org/bulkUpdateTickets/')).toEqual([]);

    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(sheet).getByText('Assign the ticket to me')).toBeTruthy();
    // Keys belong to the open sheet: j does not move behind it.
    await user.keyboard('j');
    expect(router.state.location.search).toBe('?ticket=2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('follows ticket events: a change in place without a request, a message asks again', async () => {
    stubEventSource();
    const { sent } = server();
    render();
    await screen.findByRole('list', { name: 'Inbox tickets' });
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const asked = inboxRequests(sent).length;
    const taken: Ticket = {
      ...makeTicket(3, { customer: 'Customer 3', group_name: 'Group 3', last_message: 'Message 3' }),
      assignee: { id: 8, name: 'Ravi Shah' },
    };
    act(() => FakeEventSource.current()?.emit({ type: 'ticket.updated', change: 'assignee', ticket: taken }));
    expect(await within(rowOf(3)).findByText('Ravi Shah')).toBeTruthy();
    expect(inboxRequests(sent)).toHaveLength(asked);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => FakeEventSource.current()?.emit({ type: 'ticket.updated', change: 'message', ticket: taken }));
    act(() => vi.advanceTimersByTime(INBOX_REFRESH_DELAY_MS));
    vi.useRealTimers();
    await waitFor(() => expect(inboxRequests(sent).length).toBeGreaterThan(asked));
  });

  it("shows a ticket's satisfaction in its row, and a vote changes it in place without a request", async () => {
    stubEventSource();
    const { sent } = server();
    render();
    await screen.findByRole('list', { name: 'Inbox tickets' });
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    expect(rowOf(3).querySelector('[data-satisfaction]')).toBeNull();
    const asked = inboxRequests(sent).length;
    const closed: Ticket = {
      ...makeTicket(3, { customer: 'Customer 3', group_name: 'Group 3', last_message: 'Message 3' }),
      status: 'close',
      satisfaction: { asked_at: minutesAgo(5), score: null },
    };
    act(() =>
      FakeEventSource.current()?.emit({ type: 'ticket.updated', change: 'satisfaction', ticket: closed }),
    );
    expect(await within(rowOf(3)).findByText('Rating asked')).toBeTruthy();
    act(() =>
      FakeEventSource.current()?.emit({
        type: 'ticket.updated',
        change: 'satisfaction',
        ticket: { ...closed, satisfaction: { asked_at: minutesAgo(5), score: 2 } },
      }),
    );
    expect(await within(rowOf(3)).findByRole('img', { name: 'Satisfaction: Poor (2 of 5)' })).toBeTruthy();
    expect(within(rowOf(3)).queryByText('Rating asked')).toBeNull();
    expect(inboxRequests(sent)).toHaveLength(asked);
  });

  it('asks the view again once for a burst of message events, for its first page only, and reorders', async () => {
    stubEventSource();
    let first = FIRST;
    const { sent } = server(undefined, () => first);
    const user = userEvent.setup();
    render();
    await screen.findByRole('list', { name: 'Inbox tickets' });
    await user.click(screen.getByRole('button', { name: 'Load more tickets' }));
    await waitFor(() => expect(rowOf(4)).toBeTruthy());
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const asked = inboxRequests(sent).length;

    // Ticket 4 (on the second page) had a message and ticket 9 is new: the server's first page now starts
    // with them.
    first = [row(4, { status: 'pending' }), row(9), ...FIRST];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      for (let index = 0; index < 20; index++) {
        const ticket = makeTicket(index % 2 ? 4 : 9);
        FakeEventSource.current()?.emit(
          index % 2
            ? { type: 'ticket.updated', change: 'message', ticket }
            : { type: 'ticket.created', ticket },
        );
      }
    });
    act(() => vi.advanceTimersByTime(INBOX_REFRESH_DELAY_MS - 1));
    expect(inboxRequests(sent)).toHaveLength(asked);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();

    await waitFor(() => expect(rowOf(9)).toBeTruthy());
    expect(inboxRequests(sent).slice(asked)).toEqual([{ view: 'all' }]);
    const order = within(screen.getByRole('list', { name: 'Inbox tickets' }))
      .getAllByRole('listitem')
      .map((item) => item.dataset.ticketId);
    expect(order).toEqual(['4', '9', '1', '2', '3']);
  });

  it("is not asked again when a change in the conversation refreshes the tickets feature's caches", async () => {
    const { sent } = server();
    const user = userEvent.setup();
    render('/inbox?ticket=1');
    await screen.findByRole('list', { name: 'Inbox tickets' });
    await user.click(screen.getByRole('button', { name: 'Load more tickets' }));
    await waitFor(() => expect(rowOf(4)).toBeTruthy());
    await waitFor(() => expect(sent.some(([path]) => path === '/org/getCustomerTickets/')).toBe(true));
    const asked = sent.length;
    // What every ticket change of the tickets feature does (useTicketChange, useSendReply).
    await act(() => cache?.invalidateQueries({ queryKey: ['tickets'] }));
    const since = sent.slice(asked).map(([path]) => path);
    expect(since).not.toContain('/org/getInbox/');
    // The customer history (one request) stays with the tickets: a merge or split changes it.
    expect(since).toContain('/org/getCustomerTickets/');
  });

  it('opens a deep-linked ticket with its details and the customer history, whose tickets open too', async () => {
    const { sent } = server();
    const user = userEvent.setup();
    const { router } = render('/inbox?ticket=1');
    expect(await screen.findByText('conversation of #1')).toBeTruthy();
    const details = screen.getByRole('complementary', { name: 'Ticket details' });
    expect(within(details).getByText('details of #1')).toBeTruthy();
    const history = await within(details).findByRole('button', { name: /#5/ });
    expect(history.textContent).toContain('Old question');
    expect(sent).toContainEqual(['/org/getCustomerTickets/', { ticket_id: 1 }]);
    await user.click(history);
    expect(await screen.findByText('conversation of #5')).toBeTruthy();
    expect(screen.getByText('loaded alone')).toBeTruthy();
    expect(router.state.location.search).toBe('?ticket=5');
  });

  it('lists the tickets behind a Reports figure from the address, and shows every ticket again from its chip', async () => {
    const { sent } = server();
    const user = userEvent.setup();
    const { router } = render('/inbox?report=2026-05-01,2026-05-08,member:8&report_name=Ravi+Shah');
    await screen.findByRole('list', { name: 'Inbox tickets' });
    const report = { from: '2026-05-01', to: '2026-05-08', key: 'member:8' };
    expect(inboxRequests(sent)).toEqual([{ view: 'all', report }]);
    expect(screen.getByText(/From Reports:/).textContent).toBe('From Reports: Ravi Shah, 1–7 May 2026');

    // The other filters keep it, and its next page too.
    await user.click(screen.getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(inboxRequests(sent).at(-1)).toEqual({ view: 'mine', report }));
    await user.click(screen.getByRole('button', { name: 'Load more tickets' }));
    await waitFor(() =>
      expect(inboxRequests(sent).at(-1)).toEqual({ view: 'mine', report, cursor: 'page-2' }),
    );

    await user.click(screen.getByRole('button', { name: 'Remove the Reports filter' }));
    await waitFor(() => expect(inboxRequests(sent).at(-1)).toEqual({ view: 'mine' }));
    expect(screen.queryByText(/From Reports:/)).toBeNull();
    expect(router.state.location.search).toBe('?view=mine');
  });

  it('ignores a Reports drill-down the server would refuse, rather than sending it', async () => {
    const { sent } = server();
    render('/inbox?report=2026-05-08,2026-05-01,member:8');
    await screen.findByRole('list', { name: 'Inbox tickets' });
    expect(inboxRequests(sent)).toEqual([{ view: 'all' }]);
    expect(screen.queryByText(/From Reports:/)).toBeNull();
  });

  it('on a phone shows the list, then the conversation with a way back', async () => {
    stubWidth(375);
    server();
    const user = userEvent.setup();
    render();
    await screen.findByRole('list', { name: 'Inbox tickets' });
    expect(screen.queryByRole('region', { name: 'Conversation' })).toBeNull();
    // Six view buttons do not fit: a select.
    await user.selectOptions(screen.getByRole('combobox', { name: 'View' }), 'Pending');
    await user.click(within(rowOf(2)).getByRole('button'));
    expect(await screen.findByText('conversation of #2')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Inbox tickets' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to the inbox' }));
    expect(await screen.findByRole('list', { name: 'Inbox tickets' })).toBeTruthy();
  });
});

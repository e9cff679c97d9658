import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationMessage, SlaClock, Ticket, TicketStatsResponse } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TICKET_POLL_MS } from '@/features/tickets/utils/ticket-table';
import { tokenStorage } from '@/shared/storage/storage';
import { toast } from '@/shared/ui/toast';
import { expectNamedControls } from '@/testing/accessible-names';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { DashboardScreen } from './dashboard-screen';

const STATS: TicketStatsResponse = {
  open: 2,
  in_progress: 1,
  pending: 3,
  closed: 4,
  total: 10,
  avg_first_response_seconds: 252,
  avg_resolution_seconds: 3780,
  sla_due_soon: 2,
  sla_breached: 1,
};

const TICKETS = [
  makeTicket(1, { customer: 'Meera', last_message: 'My order has not arrived yet, please help' }),
  makeTicket(3, { customer: 'Kabir', status: 'in_progress', group_name: 'Pune Store' }),
  makeTicket(2, { customer: 'Zoya', status: 'close' }),
];

/** A running clock of a ticket, its times in minutes from the server's now. */
const clockOf = (ticket_id: number, kind: SlaClock['kind'], due: number, warn: number): SlaClock => {
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  return {
    ticket_id,
    kind,
    cycle: 0,
    policy_name: 'Standard',
    started_at: at(-120),
    due_at: at(due),
    warn_at: at(warn),
    stopped_at: null,
    stopped_by: null,
    paused: false,
    met: null,
    business_seconds: 0,
    wall_seconds: 0,
  };
};

/** Meera's resolution is overdue, Kabir's first response due soon (the server computes them as asked). */
const CLOCKS = () => [
  clockOf(1, 'first_response', 30, 15),
  clockOf(1, 'resolution', -65, -80),
  clockOf(3, 'first_response', 10, -5),
];

interface ServerOptions {
  tickets?: () => Ticket[];
  details?: (id: number) => Response;
  update?: (body: { ticket_id: number; status: Ticket['status'] }) => Response;
}

function server({ tickets = () => TICKETS, details, update }: ServerOptions = {}) {
  return stubFetch((path, init) => {
    switch (path) {
      case '/org/getTickets/':
        return jsonResponse(200, tickets());
      case '/org/getTicketStats/':
        return jsonResponse(200, STATS);
      case '/org/getCounts/':
        return jsonResponse(200, { sessions: 1, groups: 5, agents: 3 });
      case '/org/getTicketsDetails/':
        return details ? details((sentBody(init) as { ticket_id: number }).ticket_id) : jsonResponse(404, {});
      case '/org/updateTicketStatus/': {
        const body = sentBody(init) as { ticket_id: number; status: Ticket['status'] };
        if (update) return update(body);
        const ticket = TICKETS.find((item) => item.id === body.ticket_id) as Ticket;
        return jsonResponse(200, {
          success: true,
          message: 'Ticket status updated.',
          ticket: { ...ticket, status: body.status },
        });
      }
      case '/events/stream-token/':
        return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
      case '/org/getLabels/':
        return jsonResponse(200, []);
      case '/org/getSlaClocks/': {
        const { ticket_ids } = sentBody(init) as { ticket_ids: number[] };
        return jsonResponse(200, {
          now: new Date().toISOString(),
          clocks: CLOCKS().filter((clock) => ticket_ids.includes(clock.ticket_id)),
        });
      }
      default:
        return jsonResponse(404, { message: `unexpected ${path}` });
    }
  });
}

const render = () =>
  renderRoutes(
    [
      { path: '/dashboard', element: <DashboardScreen title="Welcome, Asha!" /> },
      { path: '/agents', element: <p>agents page</p> },
    ],
    '/dashboard',
  );

// Plain selectors: role queries are slow in jsdom, and a loaded machine makes them slower still.
const customers = () =>
  [...document.querySelectorAll('tbody tr')].map(
    (row) => row.querySelectorAll('td')[1]?.querySelector('span')?.textContent,
  );
const linkOf = (label: string) => screen.getByText(label).closest('a');

const calls = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.filter(([url]) => String(url) === path);

describe('DashboardScreen', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('shows the stats, the averages and the count cards', async () => {
    server();
    const user = userEvent.setup();
    const { router } = render();
    await screen.findByRole('table');
    expectNamedControls();
    expect(screen.getByTestId('stat-OPEN').textContent).toBe('2');
    expect(screen.getByTestId('stat-IN PROGRESS').textContent).toBe('1');
    // Pending (waiting on the customer) beside the specification's four (decision 0020).
    expect(screen.getByTestId('stat-PENDING').textContent).toBe('3');
    expect(screen.getByTestId('stat-CLOSED').textContent).toBe('4');
    expect(screen.getByTestId('stat-TOTAL').textContent).toBe('10');
    expect(screen.getByTestId('ticket-averages').textContent).toBe(
      'Avg. first response: 4m 12sAvg. resolution: 1h 3m',
    );
    await waitFor(() => expect(screen.getByTestId('count-WHATSAPP GROUPS').textContent).toBe('5'));
    expect(linkOf('SESSIONS')?.getAttribute('href')).toBe('/session-info');
    expect(linkOf('WHATSAPP GROUPS')?.getAttribute('href')).toBe('/whatsapp-chat');
    await user.click(linkOf('AGENTS') as HTMLElement);
    expect(router.state.location.pathname).toBe('/agents');
  });

  it('shows the tickets table with the spec columns', async () => {
    server();
    render();
    await screen.findByRole('table');
    const headers = [...document.querySelectorAll('th')].map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Group Name',
      'Customer',
      'Last Message',
      'Start Time',
      'Last Message Time',
      'Assignee',
      'Link',
      'Status',
    ]);
    expect(customers()).toEqual(['Kabir', 'Zoya', 'Meera']);
    expect(screen.getByText('My order has not arrived ...')).toBeTruthy();
    // en-IN: "1 Mar 2024, 02:07 pm", read as one text: start time and last message time.
    const times = [...document.querySelectorAll('tr[data-ticket-id="1"] time')].map(
      (time) => time.textContent,
    );
    expect(times).toHaveLength(2);
    for (const time of times) expect(time).toMatch(/^1 Mar 2024, \d\d:\d\d (am|pm)$/i);
  });

  it("shows each open ticket's most urgent SLA clock under its status, without asking for closed ones", async () => {
    const fetchMock = server();
    render();
    await screen.findByRole('table');
    const row = (id: number) => document.querySelector(`tr[data-ticket-id="${id}"]`) as HTMLElement;
    // The overdue resolution before the first response due later; words and state, not colour alone.
    const meera = await within(row(1)).findByText('Resolution overdue by 1 h 5 min');
    expect(meera.closest('[data-sla-state]')?.getAttribute('data-sla-state')).toBe('breached');
    const kabir = within(row(3)).getByText('First response due soon, in 10 min');
    expect(kabir.closest('[data-sla-state]')?.getAttribute('data-sla-state')).toBe('due_soon');
    expect(row(2).querySelector('[data-sla-state]')).toBeNull();
    // One request for the rows shown, the closed ticket (Zoya's, #2) left out.
    expect(calls(fetchMock, '/org/getSlaClocks/').map(([, init]) => sentBody(init))).toEqual([
      { ticket_ids: [3, 1] },
    ]);
  });

  it('filters by SLA from the toolbar and from the stat cards, which count the tickets', async () => {
    const fetchMock = server();
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    expect(screen.getByTestId('stat-BREACHING SOON').textContent).toBe('2');
    expect(screen.getByTestId('stat-BREACHED').textContent).toBe('1');
    const lastAsked = () => sentBody(calls(fetchMock, '/org/getTickets/').at(-1)?.[1]);
    const breached = screen.getByRole('button', { name: /^BREACHED/ });
    expect(breached.getAttribute('aria-pressed')).toBe('false');

    await user.click(breached);
    await waitFor(() => expect(lastAsked()).toEqual({ sla: 'breached' }));
    expect(breached.getAttribute('aria-pressed')).toBe('true');
    expect(within(breached).getByText('Filter on')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'SLA' });
    expect(select).toHaveProperty('value', 'breached');

    await user.selectOptions(select, 'Breaching soon');
    await waitFor(() => expect(lastAsked()).toEqual({ sla: 'due_soon' }));
    expect(breached.getAttribute('aria-pressed')).toBe('false');
    const dueSoon = screen.getByRole('button', { name: /^BREACHING SOON/ });
    expect(dueSoon.getAttribute('aria-pressed')).toBe('true');

    // A second click on the pressed card turns the filter off.
    await user.click(dueSoon);
    await waitFor(() => expect(lastAsked()).toEqual({}));
    expect(select).toHaveProperty('value', '');
  });

  it('sorts by creation time and filters by status, All ticked at first', async () => {
    server();
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    for (const name of ['All', 'Open', 'In Progress', 'Closed'])
      expect(screen.getByLabelText(name)).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: /sort by creation time/i }));
    expect(customers()).toEqual(['Meera', 'Zoya', 'Kabir']);
    await user.click(screen.getByLabelText('Closed'));
    expect(customers()).toEqual(['Meera', 'Kabir']);
    expect(screen.getByLabelText('All')).toHaveProperty('checked', false);
    await user.click(screen.getByLabelText('All'));
    expect(customers()).toHaveLength(3);
    await user.click(screen.getByLabelText('All'));
    expect(screen.getByText('No tickets match the filter')).toBeTruthy();
    expect(screen.queryByText('No Open Tickets')).toBeNull();
  });

  it('sends a status chosen in the dropdown at once', async () => {
    let list = TICKETS;
    const fetchMock = server({
      tickets: () => list,
      update: ({ ticket_id, status }) => {
        list = list.map((item) => (item.id === ticket_id ? { ...item, status } : item));
        const ticket = list.find((item) => item.id === ticket_id);
        return jsonResponse(200, { success: true, message: 'Ticket status updated.', ticket });
      },
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Status of the ticket of Meera' }),
      'Closed',
    );
    await waitFor(() => expect(calls(fetchMock, '/org/updateTicketStatus/')).toHaveLength(1));
    expect(sentBody(calls(fetchMock, '/org/updateTicketStatus/')[0]?.[1])).toEqual({
      ticket_id: 1,
      status: 'close',
    });
    expect(screen.getByRole('combobox', { name: 'Status of the ticket of Meera' })).toHaveProperty(
      'value',
      'close',
    );
  });

  it('puts the status back and shows the reason when the server refuses it', async () => {
    server({ update: () => jsonResponse(409, { message: 'This group already has an open ticket.' }) });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    const select = screen.getByRole('combobox', { name: 'Status of the ticket of Zoya' });
    await user.selectOptions(select, 'Open');
    await screen.findByText('This group already has an open ticket.');
    expect(screen.getByRole('combobox', { name: 'Status of the ticket of Zoya' })).toHaveProperty(
      'value',
      'close',
    );
  });

  it('shows older tickets on request when the organisation has more than one page of them', async () => {
    const many = Array.from({ length: 450 }, (_, i) =>
      makeTicket(450 - i, { customer: `Customer ${450 - i}` }),
    );
    const fetchMock = stubFetch((path, init) => {
      if (path === '/org/getTickets/') {
        const limit = (sentBody(init) as { limit?: number }).limit ?? 200;
        return jsonResponse(200, many.slice(0, limit));
      }
      if (path === '/org/getTicketStats/') return jsonResponse(200, { ...STATS, total: many.length });
      if (path === '/org/getCounts/') return jsonResponse(200, { sessions: 1, groups: 5, agents: 3 });
      return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Showing the newest 200 of 450 tickets.')).toBeTruthy();
    expect(document.querySelectorAll('tbody tr')).toHaveLength(200);

    await user.click(screen.getByRole('button', { name: 'Show older tickets' }));
    expect(await screen.findByText('Showing the newest 400 of 450 tickets.')).toBeTruthy();
    expect(document.querySelectorAll('tbody tr')).toHaveLength(400);
    await user.click(screen.getByRole('button', { name: 'Show older tickets' }));
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(450));
    expect(screen.queryByRole('button', { name: 'Show older tickets' })).toBeNull();
    // The poll keeps the longer list.
    const asked = calls(fetchMock, '/org/getTickets/').map(([, init]) => sentBody(init));
    expect(asked.at(-1)).toEqual({ limit: 600 });
    // 450 rows of a dozen controls each: slow in jsdom on a busy machine.
  }, 60_000);

  it('polls the tickets and stats every 5 seconds', async () => {
    vi.useFakeTimers();
    const fetchMock = server();
    render();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls(fetchMock, '/org/getTickets/')).toHaveLength(1);
    expect(calls(fetchMock, '/org/getTicketStats/')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(TICKET_POLL_MS - 1));
    expect(calls(fetchMock, '/org/getTickets/')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls(fetchMock, '/org/getTickets/')).toHaveLength(2);
    expect(calls(fetchMock, '/org/getTicketStats/')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(TICKET_POLL_MS * 2));
    expect(calls(fetchMock, '/org/getTickets/')).toHaveLength(4);
    // Counts are fetched on render only.
    expect(calls(fetchMock, '/org/getCounts/')).toHaveLength(1);
  });

  it('shows a ticket from the event stream at once, asking only for the stats again', async () => {
    stubEventSource();
    const fetchMock = server();
    render();
    await screen.findByRole('table');
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const lists = calls(fetchMock, '/org/getTickets/').length;
    const stats = calls(fetchMock, '/org/getTicketStats/').length;
    const fresh = makeTicket(4, { customer: 'Nisha', last_message: 'Hi there' });
    act(() => FakeEventSource.current()?.emit({ type: 'ticket.created', ticket: fresh }));
    expect(await screen.findByText('Nisha')).toBeTruthy();
    expect(customers()[0]).toBe('Nisha');
    await waitFor(() => expect(calls(fetchMock, '/org/getTicketStats/')).toHaveLength(stats + 1));
    expect(calls(fetchMock, '/org/getTickets/')).toHaveLength(lists);
  });

  it('after a merge, a ticket event that arrives while the list is asked again does not bring the merged ticket back', async () => {
    stubEventSource();
    let list = TICKETS;
    const fetchMock = server({ tickets: () => list });
    render();
    await screen.findByRole('table');
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    // Meera's ticket is merged into Kabir's: the server's list no longer has it, and the refetch the merge
    // event asks for is slow to answer.
    list = TICKETS.filter((ticket) => ticket.id !== 1);
    const answer = fetchMock.getMockImplementation();
    let releaseSlow = () => {};
    fetchMock.mockImplementationOnce(
      () => new Promise<Response>((resolve) => (releaseSlow = () => resolve(jsonResponse(200, list)))),
    );
    const kabir = TICKETS[1] as Ticket;
    act(() => FakeEventSource.current()?.emit({ type: 'ticket.updated', change: 'merged', ticket: kabir }));
    await waitFor(() => expect(calls(fetchMock, '/org/getTickets/').length).toBeGreaterThan(1));
    // Another event meanwhile cancels that refetch; the list must still be asked again.
    if (answer) fetchMock.mockImplementation(answer);
    const zoya = { ...(TICKETS[2] as Ticket), status: 'in_progress' as const };
    act(() => FakeEventSource.current()?.emit({ type: 'ticket.updated', change: 'status', ticket: zoya }));
    await waitFor(() => expect(customers()).toEqual(['Kabir', 'Zoya']));
    releaseSlow();
  });

  it('opens the conversation: business messages right, others left, response times', async () => {
    const message = (id: number, extra: Partial<ConversationMessage>): ConversationMessage => ({
      id,
      sender: '+919876540001',
      sender_name: 'Meera',
      is_business: false,
      message: `message ${id}`,
      wa_id: `wa${id}`,
      created_at: '2024-03-01T08:00:00Z',
      ...extra,
    });
    const ticket = { ...TICKETS[0], first_response_at: '2024-03-01T08:04:12Z' } as Ticket;
    const success = vi.spyOn(toast, 'success');
    server({
      details: () =>
        jsonResponse(200, {
          ticket,
          notes: [],
          conversations: [
            message(1, { message: 'Where is my order?' }),
            message(2, { sender_name: 'Agent Ravi', is_business: true, message: 'Checking now' }),
          ],
        }),
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Open the conversation with Meera' }));
    const dialog = screen.getByRole('dialog', { name: 'Meera' });
    await within(dialog).findByText('Where is my order?');
    // No "Successfully fetched conversation" toast: the conversation shows it worked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(success).not.toHaveBeenCalled();
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(screen.queryByText('Successfully fetched conversation')).toBeNull();
    const bubbles = within(dialog)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.side);
    expect(bubbles.map((item) => [item.dataset.side, item.textContent?.includes('Agent Ravi')])).toEqual([
      ['left', false],
      ['right', true],
    ]);
    expect(within(dialog).getByText('Where is my order?')).toBeTruthy();
    expect(within(dialog).getByTestId('first-response').textContent).toBe('in 4m 12s');
    expect(within(dialog).getByTestId('resolution').textContent).toBe('Not closed yet');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the error's message when the conversation cannot be fetched", async () => {
    server({ details: () => jsonResponse(404, { message: 'Ticket not found' }) });
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Open the conversation with Kabir' }));
    expect(await screen.findAllByText('Ticket not found')).toHaveLength(2); // the toast and the modal
    expect(document.querySelector('.Toastify__toast')).not.toBeNull();
  });
});

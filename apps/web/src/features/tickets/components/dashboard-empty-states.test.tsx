import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { DashboardScreen } from './dashboard-screen';

// The tickets table's empty states and the refresh button beside its heading.

const TICKETS = [makeTicket(2, { customer: 'Zoya', status: 'close' })];

function server(tickets: Ticket[]) {
  return stubFetch((path) => {
    switch (path) {
      case '/org/getTickets/':
        return jsonResponse(200, tickets);
      case '/org/getTicketStats/':
        return jsonResponse(200, {
          open: 0,
          in_progress: 0,
          pending: 0,
          closed: tickets.length,
          total: tickets.length,
          avg_first_response_seconds: null,
          avg_resolution_seconds: null,
        });
      case '/org/getCounts/':
        return jsonResponse(200, { sessions: 1, groups: 1, agents: 1 });
      case '/events/stream-token/':
        return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
      default:
        return jsonResponse(404, { message: `unexpected ${path}` });
    }
  });
}

const render = () =>
  renderRoutes([{ path: '/dashboard', element: <DashboardScreen title="Welcome, Asha!" /> }], '/dashboard');

const customers = () =>
  [...document.querySelectorAll('tbody tr')].map(
    (row) => row.querySelectorAll('td')[1]?.querySelector('span')?.textContent,
  );

const calls = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.filter(([url]) => String(url) === path);

describe('Dashboard tickets: empty states and refresh', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('says No tickets match the filter when the filter hides every ticket, and shows all on request', async () => {
    server(TICKETS);
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('Closed'));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No tickets match the filter')).toBeTruthy();
    expect(screen.queryByText('No Open Tickets')).toBeNull();
    expect(screen.getByText('0 of 1 tickets')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all tickets' }));
    expect(customers()).toEqual(['Zoya']);
    for (const name of ['All', 'Open', 'In Progress', 'Closed'])
      expect(screen.getByLabelText(name)).toHaveProperty('checked', true);
  });

  it('says No Open Tickets when there are none, whatever the filter', async () => {
    server([]);
    const user = userEvent.setup();
    render();
    await screen.findByText('No Open Tickets');
    await user.click(screen.getByLabelText('Open'));
    expect(screen.getByText('No Open Tickets')).toBeTruthy();
    expect(screen.queryByText('No tickets match the filter')).toBeNull();
  });

  it('keeps the refresh button with the tickets heading and reloads tickets, stats and counts', async () => {
    const fetchMock = server(TICKETS);
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    const tickets = screen.getByRole('region', { name: 'Tickets' });
    const refresh = within(tickets).getByRole('button', { name: 'Refresh dashboard' });
    expect(refresh.textContent).toBe('Refresh');
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.parentElement?.contains(refresh)).toBe(
      false,
    );
    const before = ['/org/getTickets/', '/org/getTicketStats/', '/org/getCounts/'].map(
      (path) => calls(fetchMock, path).length,
    );
    await user.click(refresh);
    await waitFor(() =>
      expect(
        ['/org/getTickets/', '/org/getTicketStats/', '/org/getCounts/'].map(
          (path, index) => calls(fetchMock, path).length > (before[index] ?? 0),
        ),
      ).toEqual([true, true, true]),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, ConversationMessage, Ticket, TicketDetailsResponse } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { DashboardScreen } from './dashboard-screen';

const ME: AuthUser = {
  id: 7,
  email: 'asha@example.com',
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'admin',
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
};
const URGENT = { id: 1, name: 'Urgent', colour: '#d32f2f' };
const TICKETS: Ticket[] = [
  makeTicket(1, { customer: 'Meera', labels: [URGENT] }),
  makeTicket(2, { customer: 'Zoya', assignee: { id: 8, name: 'Ravi Shah' } }),
  makeTicket(3, { customer: 'Kabir', answered_by: 'Agent Dev', group_id: 'other@g.us' }),
];
const message = (id: number, extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id,
  sender: '+919876540001',
  sender_name: 'Meera',
  is_business: false,
  message: `message ${id}`,
  wa_id: `WA${id}`,
  created_at: '2024-03-01T08:00:00Z',
  ...extra,
});

function server() {
  const sent: Array<[string, unknown]> = [];
  const details: TicketDetailsResponse = {
    ticket: TICKETS[0] as Ticket,
    conversations: [
      message(11, { message: 'Where is my order?' }),
      message(12, { message: 'Also my invoice' }),
    ],
    notes: [{ id: 1, author_name: 'Ravi Shah', body: 'VIP customer', created_at: '2024-03-01T08:30:00Z' }],
  };
  const fetchMock = stubFetch((path, init) => {
    const body = sentBody(init);
    if (init.method === 'POST' && path.startsWith('/org/') && !path.startsWith('/org/get'))
      sent.push([path, body]);
    const changed = (ticket: Ticket) => jsonResponse(200, { success: true, message: 'Done', ticket });
    switch (path) {
      case '/org/getTickets/':
        return jsonResponse(200, TICKETS);
      case '/org/getTicketStats/':
        return jsonResponse(200, {
          open: 3,
          in_progress: 0,
          pending: 0,
          closed: 0,
          total: 3,
          avg_first_response_seconds: null,
          avg_resolution_seconds: null,
        });
      case '/org/getCounts/':
        return jsonResponse(200, { sessions: 1, groups: 2, agents: 1 });
      case '/org/getLabels/':
        return jsonResponse(200, [URGENT, { id: 2, name: 'Billing', colour: '#1565c0' }]);
      case '/org/members/':
        return jsonResponse(200, {
          members: [
            {
              id: 7,
              email: 'asha@example.com',
              first_name: 'Asha',
              last_name: 'Rao',
              role: 'admin',
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
      case '/org/getTicketsDetails/':
        return jsonResponse(200, details);
      case '/org/assignTicket/':
        return changed({ ...(TICKETS[0] as Ticket), assignee: { id: 7, name: 'Asha Rao' } });
      case '/org/addTicketNote/':
        return jsonResponse(201, {
          success: true,
          message: 'Note added',
          note: { id: 2, author_name: 'Asha Rao', body: 'Called back', created_at: '2024-03-01T09:00:00Z' },
        });
      case '/org/mergeTickets/':
        return changed(TICKETS[1] as Ticket);
      case '/org/setTicketLabels/':
      case '/org/splitTicket/':
        return changed({ ...(TICKETS[0] as Ticket), id: 9 });
      case '/events/stream-token/':
        return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
      default:
        return jsonResponse(404, { message: `unexpected ${path}` });
    }
  });
  return { fetchMock, sent };
}

const render = () =>
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <AuthUserProvider user={ME}>
            <DashboardScreen title="Dashboard" />
          </AuthUserProvider>
        ),
      },
      { path: '/whatsapp-chat', element: <p>chat page</p> },
    ],
    '/dashboard',
  );

describe('working tickets from the dashboard', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('shows assignees, answered-by and labels, takes a ticket and filters by assignee', async () => {
    const { sent, fetchMock } = server();
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    expect(
      [...document.querySelectorAll('[data-testid="assignee"]')].map((cell) => cell.textContent),
    ).toEqual(['Answered by Agent Dev', 'Ravi Shah', 'Unassigned']);
    expect(
      within(document.querySelector('tr[data-ticket-id="1"]') as HTMLElement).getByText('Urgent'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Take the ticket of Meera' }));
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/assignTicket/', { ticket_id: 1, assignee_id: 7 }]),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Assignee' }), 'me');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([path, init]) => path === '/org/getTickets/' && String(init?.body).includes('"assignee":"me"'),
        ),
      ).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Label' }), 'Billing');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([path, init]) => path === '/org/getTickets/' && String(init?.body).includes('"label_id":2'),
        ),
      ).toBe(true),
    );
  });

  it('works a ticket in the conversation: assignee, labels, notes, split, merge and the chat link', async () => {
    const { sent } = server();
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Open the conversation with Meera' }));
    const dialog = screen.getByRole('dialog', { name: 'Meera' });
    await within(dialog).findByText('Where is my order?');

    // Notes are marked internal and are not conversation bubbles.
    expect(within(dialog).getByText('VIP customer').closest('[data-side]')).toBeNull();
    expect(within(dialog).getByRole('heading', { name: /Internal notes/ })).toBeTruthy();
    await user.type(within(dialog).getByRole('combobox', { name: 'New internal note' }), 'Called back');
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/addTicketNote/', { ticket_id: 1, body: 'Called back' }]),
    );

    await within(dialog).findByRole('option', { name: 'Ravi Shah' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Assignee' }), 'Ravi Shah');
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/assignTicket/', { ticket_id: 1, assignee_id: 8 }]),
    );

    // Only the applied label is a chip; the others are found in the searchable list.
    expect(within(dialog).getByRole('button', { name: 'Remove label Urgent' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove label Billing' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Search labels' }), 'bil');
    expect(within(dialog).queryByRole('option', { name: 'Urgent' })).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/setTicketLabels/', { ticket_id: 1, label_ids: [1, 2] }]),
    );

    // The first message has no split; the second asks first.
    expect(within(dialog).getAllByRole('button', { name: 'Split from here' })).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Split from here' }));
    await user.click(screen.getByRole('button', { name: 'Split' }));
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/splitTicket/', { ticket_id: 1, from_message_id: 12 }]),
    );

    const link = within(screen.getByRole('dialog', { name: 'Meera' })).getByRole('link', {
      name: 'Open in WhatsApp Chat',
    });
    expect(link.getAttribute('href')).toBe('/whatsapp-chat?session=s1&group=g1%40g.us&message=WA11');
    // Only Zoya's ticket is of the same group.
    const merge = within(dialog).getByRole('combobox', { name: 'Merge into another ticket of this group' });
    expect([...merge.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Merge into…',
      '#2 · Zoya · Open',
    ]);
    await user.selectOptions(merge, '2');
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/mergeTickets/', { ticket_id: 1, into_ticket_id: 2 }]),
    );
    // The modal moves to the ticket it was merged into.
    // A wait, not a speed check: under a loaded test run the merge's refetches take longer than 1 s.
    expect(await screen.findByRole('dialog', { name: 'Zoya' }, { timeout: 5_000 })).toBeTruthy();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, MemberRole, SessionGroup } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { GroupModeControl } from './group-mode-control';
import { GroupTicketBadges } from './group-ticket-badges';

const GROUP: SessionGroup = {
  group_id: 'g1@g.us',
  name: 'Community',
  session_name: 'Support',
  session_id: 's1',
  last_message: null,
  unread_count: 0,
  ticket_mode: 'watch',
  satisfaction_poll: 'organisation',
  open_tickets: 2,
};

const signedIn = (role: MemberRole): AuthUser => ({
  id: 1,
  email: 'asha@acme.test',
  first_name: 'Asha',
  last_name: 'Rao',
  role,
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
});

function render(role: MemberRole, group: SessionGroup = GROUP) {
  const fetchMock = stubFetch((path, init) =>
    path === '/api/setGroupMode/'
      ? jsonResponse(200, { success: true, ticket_mode: (sentBody(init) as { mode: string }).mode })
      : jsonResponse(404, { message: 'nope' }),
  );
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <AuthUserProvider user={signedIn(role)}>
            <GroupModeControl group={group} />
            <GroupTicketBadges group={group} />
          </AuthUserProvider>
        ),
      },
    ],
    '/',
  );
  return fetchMock;
}

describe('group ticket mode', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('lets an admin change the mode and shows the open tickets', async () => {
    const user = userEvent.setup();
    const fetchMock = render('admin');
    const select = screen.getByRole('combobox', { name: 'Tickets' });
    expect((select as HTMLSelectElement).value).toBe('watch');
    // Once in the header line, once in the list badge (for screen readers).
    expect(screen.getAllByText('2 open tickets')).toHaveLength(2);
    await user.selectOptions(select, 'One ticket per customer');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([url]) => String(url) === '/api/setGroupMode/')
          .map(([, i]) => sentBody(i)),
      ).toEqual([{ session_id: 's1', group_id: 'g1@g.us', mode: 'per_customer' }]),
    );
  });

  it('shows a member the mode without a control', () => {
    render('member', { ...GROUP, ticket_mode: 'per_customer', open_tickets: 0 });
    expect(screen.queryByRole('combobox')).toBeNull();
    const mode = screen.getByText('One ticket per customer');
    // Why there is no control, on the page and read with the mode.
    const reason = "Only admins and owners can change how a group's messages become tickets.";
    expect(document.getElementById(mode.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason);
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.getByText('No open tickets')).toBeTruthy();
    // The list badge names a mode other than watch.
    expect(screen.getByText('Per customer')).toBeTruthy();
  });

  it('shows no badges for a watched group without open tickets', () => {
    render('member', { ...GROUP, open_tickets: 0 });
    expect(screen.queryByText('Per customer')).toBeNull();
    expect(screen.queryByText(/\d open ticket/)).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberMessages, type SessionListItem, verifyFirst } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, stubFetch, userWithRole } from '@/testing/render-routes';
import { SessionsScreen } from './sessions-screen';

const SALES: SessionListItem = {
  sessionId: 'id-sales',
  session_name: 'Sales',
  description: 'Sales desk',
  isActive: true,
  status: 'connected',
  reason: null,
  phone: null,
  created_at: '2024-03-05T08:30:00Z',
  updated_at: '2024-03-05T08:30:00Z',
  resumes_at: null,
  health: { events: [], quiet_since: null },
};

function render(user = userWithRole('member'), answer = (_path: string) => null as Response | null) {
  const fetchMock = stubFetch(
    (path) =>
      answer(path) ?? jsonResponse(200, { session_list: [SALES], session_count: 1, driver: 'baileys' }),
  );
  renderRoutes([{ path: '/session-info', element: <SessionsScreen /> }], '/session-info', { user });
  const asked = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/getSessionsList/');
  return { asked };
}

const describedBy = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Sessions by role', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('shows a member the list, Create Session disabled with the reason, and no Reconnect or Terminate', async () => {
    const { asked } = render();
    const table = await screen.findByRole('table');
    const reason = 'Only admins and owners can link WhatsApp accounts and terminate sessions.';
    expect(screen.getByText(reason)).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create Session' });
    expect(create).toHaveProperty('disabled', true);
    expect(describedBy(create)).toBe(reason);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).not.toContain('Reconnect');
    expect(within(table).queryByRole('button', { name: /^(Reconnect|Terminate)/ })).toBeNull();
    await userEvent.setup().click(create);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked()).toEqual([]);
  });

  it('gives an admin every control and no notice', async () => {
    render(userWithRole('admin'));
    const table = await screen.findByRole('table');
    expect(screen.queryByText(/^Only admins/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Session' })).toHaveProperty('disabled', false);
    expect(within(table).getByRole('button', { name: 'Reconnect Sales' })).toHaveProperty('disabled', false);
    expect(within(table).getByRole('button', { name: 'Terminate Sales' })).toHaveProperty('disabled', false);
  });

  it('tells an unverified admin why Reconnect waits, and still lets them terminate', async () => {
    const { asked } = render(userWithRole('admin', { email_verified: false }));
    const reconnect = await screen.findByRole('button', { name: 'Reconnect Sales' });
    expect(reconnect).toHaveProperty('disabled', true);
    expect(describedBy(reconnect)).toBe(verifyFirst('link'));
    await userEvent.setup().click(reconnect);
    expect(asked()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Terminate Sales' })).toHaveProperty('disabled', false);
  });

  it("shows the server's words when it refuses an admin demoted meanwhile", async () => {
    render(userWithRole('admin'), (path) =>
      path === '/api/terminateSession/' ? jsonResponse(403, { message: memberMessages.forbidden }) : null,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Terminate Sales' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Terminate Session' }));
    expect(await screen.findByText(memberMessages.forbidden)).toBeTruthy();
    expect(screen.queryByText(/something went wrong/i)).toBeNull();
  });
});

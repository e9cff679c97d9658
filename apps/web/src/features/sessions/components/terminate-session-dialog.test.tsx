import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionListItem } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { SessionsScreen } from './sessions-screen';

const item = (name: string, created: string, isActive: boolean): SessionListItem => ({
  sessionId: `id-${name}`,
  session_name: name,
  description: `${name} desk`,
  isActive,
  status: isActive ? 'connected' : 'terminated',
  reason: null,
  phone: null,
  created_at: created,
  updated_at: created,
  resumes_at: null,
  health: { events: [], quiet_since: null },
});

const SESSIONS = [item('Sales', '2024-03-05T08:30:00Z', true)];

const listAnswer = (sessions: SessionListItem[]) =>
  jsonResponse(200, { session_list: sessions, session_count: sessions.length, driver: 'baileys' });

const render = () =>
  renderRoutes([{ path: '/session-info', element: <SessionsScreen /> }], '/session-info', {
    user: userWithRole('admin'),
  });
const table = () => screen.getByRole('table');

// Terminate from the sessions list asks first; the QR modal's Terminate Session is in
// sessions-screen.test.tsx.
describe('Terminate from the sessions list', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('terminates a session, shows the server message and reloads the list', async () => {
    let terminated = false;
    const fetchMock = stubFetch((path) => {
      if (path === '/api/terminateSession/') {
        terminated = true;
        return jsonResponse(200, { success: true, message: 'Session terminated.' });
      }
      return listAnswer(
        terminated ? [item('Sales', '2024-03-05T08:30:00Z', false)] : [SESSIONS[0] as SessionListItem],
      );
    });
    const user = userEvent.setup();
    const terminations = () => fetchMock.mock.calls.filter(([url]) => url === '/api/terminateSession/');
    render();
    // Asked first: the phone is unlinked and must scan the QR code again. Cancel changes nothing.
    await user.click(await screen.findByRole('button', { name: 'Terminate Sales' }));
    const confirm = screen.getByRole('dialog', { name: 'Terminate this session?' });
    expect(confirm.textContent).toContain('The phone linked as Sales will be unlinked');
    expect(confirm.textContent).toContain('you must scan the QR code again');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Terminate Sales' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(terminations()).toHaveLength(0);
    expect(within(table()).getByText('Active')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Terminate Sales' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Terminate this session?' })).getByRole('button', {
        name: 'Terminate Session',
      }),
    );
    expect(await screen.findByText('Session terminated.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(terminations()).toHaveLength(1);
    await waitFor(() => expect(within(table()).getByText('Not-active')).toBeTruthy());
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/terminateSession/');
    expect(sentBody(call?.[1])).toEqual({ sessionID: 'id-Sales' });
  });
});

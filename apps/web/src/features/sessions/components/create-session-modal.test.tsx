import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionListItem } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-routes';
import { SessionsScreen } from './sessions-screen';

const listAnswer = (sessions: SessionListItem[]) =>
  jsonResponse(200, { session_list: sessions, session_count: sessions.length, driver: 'baileys' });

const render = () => renderRoutes([{ path: '/session-info', element: <SessionsScreen /> }], '/session-info');

describe('Create Session', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('marks both fields when both are missing', async () => {
    const fetchMock = stubFetch(() => listAnswer([]));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Create Session' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Session' });
    // Fields are not marked before a submit.
    expect(within(dialog).queryByText('Enter a name for the session.')).toBeNull();
    await user.type(within(dialog).getByLabelText('Description'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Session' }));
    expect(await screen.findByText('Fill the details correctly')).toBeTruthy();
    expect(within(dialog).getByText('Enter a name for the session.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a description for the session.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Session Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Description').getAttribute('aria-invalid')).toBe('true');
    await user.type(within(dialog).getByLabelText('Session Name'), 'Desk');
    expect(within(dialog).queryByText('Enter a name for the session.')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/startSession/')).toBe(false);
  });
});

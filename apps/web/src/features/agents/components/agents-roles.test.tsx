import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Agent, memberMessages } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AGENT_MESSAGES } from '@/features/agents/utils/agent-table';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, stubFetch, userWithRole } from '@/testing/render-routes';
import { AgentsScreen } from './agents-screen';

const RAVI: Agent = {
  id: 17,
  agent_name: 'Ravi',
  agent_number: '+919876543217',
  user_type: 'user',
  created_at: '2024-03-05T08:30:00Z',
};

function render(role: 'member' | 'admin' | 'owner', answer = (_path: string) => null as Response | null) {
  const fetchMock = stubFetch((path) => answer(path) ?? jsonResponse(200, [RAVI]));
  renderRoutes([{ path: '/agents', element: <AgentsScreen /> }], '/agents', { user: userWithRole(role) });
  return () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/org/listAgent/');
}

const REASON = 'Only admins and owners can add, edit and remove agents.';

describe('Agents by role', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('shows a member the agents, Add Agent disabled with the reason, and no Edit or Remove', async () => {
    const asked = render('member');
    const table = await screen.findByRole('table');
    expect(screen.getByText(REASON)).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add Agent' });
    expect(add).toHaveProperty('disabled', true);
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toBe(REASON);
    expect(within(table).getByText('Ravi')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /^(Edit|Remove) Ravi/ })).toBeNull();
    // What members may do stays: the CSV of the rows shown.
    expect(screen.getByRole('button', { name: 'Download as CSV' })).toHaveProperty('disabled', false);
    await userEvent.setup().click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked()).toEqual([]);
  });

  it.each(['admin', 'owner'] as const)('gives an %s Add, Edit and Remove without a notice', async (role) => {
    render(role);
    const table = await screen.findByRole('table');
    expect(screen.queryByText(REASON)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Agent' })).toHaveProperty('disabled', false);
    expect(within(table).getByRole('button', { name: 'Edit Ravi' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Remove Ravi' })).toBeTruthy();
  });

  it("shows the server's words when a removal is refused (the role changed meanwhile)", async () => {
    render('admin', (path) =>
      path === '/org/removeAgent/' ? jsonResponse(403, { message: memberMessages.forbidden }) : null,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Ravi' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove Agent' }));
    expect(await screen.findByText(memberMessages.forbidden)).toBeTruthy();
    expect(screen.queryByText(AGENT_MESSAGES.removeFailed)).toBeNull();
  });
});

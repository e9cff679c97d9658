import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Agent } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { AgentsScreen } from './agents-screen';

const OWNER: Agent = {
  id: 4,
  agent_name: 'Desk Phone',
  agent_number: '+919876543204',
  user_type: 'owner',
  created_at: '2024-01-02T08:30:00Z',
};
const RAVI: Agent = {
  id: 17,
  agent_name: 'Ravi',
  agent_number: '+919811122233',
  user_type: 'user',
  created_at: '2024-02-02T08:30:00Z',
};

type EditBody = { agent_id: number; agent_name: string; agent_number: string; user_type?: string };

/** The agents list, and /org/editAgent/ answering with `answer` (the edited agent by default). */
function stubServer(answer?: (body: EditBody) => Response | undefined) {
  let list = [OWNER, RAVI];
  const fetchMock = stubFetch((path, init) => {
    if (path === '/org/listAgent/') return jsonResponse(200, list);
    if (path !== '/org/editAgent/') return jsonResponse(404, { message: 'nope' });
    const body = sentBody(init) as EditBody;
    const refused = answer?.(body);
    if (refused) return refused;
    const edited = list.find((agent) => agent.id === body.agent_id) as Agent;
    const stored = { ...edited, ...body, user_type: body.user_type ?? edited.user_type } as Agent;
    list = list.map((agent) => (agent.id === stored.id ? stored : agent));
    return jsonResponse(200, stored);
  });
  const edits = () =>
    fetchMock.mock.calls
      .filter(([url]) => String(url) === '/org/editAgent/')
      .map(([, init]) => sentBody(init) as EditBody);
  return { edits };
}

async function openEdit(name: string) {
  const user = userEvent.setup();
  renderRoutes([{ path: '/agents', element: <AgentsScreen /> }], '/agents', { user: userWithRole('admin') });
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: `Edit ${name}` }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Edit Agent' }) };
}

describe('Edit Agent', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('opens prefilled, sends the changes and shows them in the table', async () => {
    const { edits } = stubServer();
    const { user, dialog } = await openEdit('Ravi');
    const name = within(dialog).getByLabelText('Agent Name') as HTMLInputElement;
    expect(name.value).toBe('Ravi');
    expect(document.activeElement).toBe(name);
    const number = within(dialog).getByLabelText('Phone Number') as HTMLInputElement;
    expect(number.value).toBe('98111 22233');
    expect(within(dialog).getByTestId('phone-calling-code').textContent).toBe('+91');
    expect((within(dialog).getByLabelText('User type') as HTMLSelectElement).value).toBe('user');

    await user.clear(name);
    await user.type(name, '  Ravi Kumar ');
    await user.clear(number);
    await user.type(number, '98111 22244');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated.');
    expect(edits()).toEqual([
      { agent_id: 17, agent_name: 'Ravi Kumar', agent_number: '+919811122244', user_type: 'user' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByText('Ravi Kumar')).closest('tr') as HTMLElement;
    expect(within(row).getByText('+91 98111 22244')).toBeTruthy();
  });

  it('marks the fields as Add Agent does and sends nothing until they are right', async () => {
    const { edits } = stubServer();
    const { user, dialog } = await openEdit('Ravi');
    await user.clear(within(dialog).getByLabelText('Agent Name'));
    await user.clear(within(dialog).getByLabelText('Phone Number'));
    await user.type(within(dialog).getByLabelText('Phone Number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Fill the details corretly');
    expect(within(dialog).getByText('Enter a name for the agent.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid phone number for the chosen country.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Agent Name').getAttribute('aria-invalid')).toBe('true');
    expect(edits()).toEqual([]);
  });

  it("shows the server's duplicate-number message and keeps the dialog open", async () => {
    const { edits } = stubServer(() =>
      jsonResponse(409, { message: 'An agent with this phone number already exists.' }),
    );
    const { user, dialog } = await openEdit('Ravi');
    const number = within(dialog).getByLabelText('Phone Number');
    await user.clear(number);
    await user.type(number, '98765 43204');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('An agent with this phone number already exists.');
    expect(edits()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit Agent' })).toBeTruthy();
    expect(screen.getByText('Ravi')).toBeTruthy();
  });

  it("keeps an owner agent's number (the linked phone's) unless it is made a user agent", async () => {
    const { edits } = stubServer();
    const { user, dialog } = await openEdit('Desk Phone');
    const fixed = within(dialog).getByLabelText('Phone Number') as HTMLInputElement;
    expect(fixed.readOnly).toBe(true);
    expect(fixed.value).toBe('+91 98765 43204');
    expect(within(dialog).getByText(/linked phone's own number/)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Agent Name'));
    await user.type(within(dialog).getByLabelText('Agent Name'), 'Front desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Agent updated.');
    expect(edits()[0]).toEqual({
      agent_id: 4,
      agent_name: 'Front desk',
      agent_number: '+919876543204',
      user_type: 'owner',
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Edit Front desk' }));
    const again = screen.getByRole('dialog', { name: 'Edit Agent' });
    await user.selectOptions(within(again).getByLabelText('User type'), 'user');
    const number = within(again).getByLabelText('Phone Number') as HTMLInputElement;
    expect(number.readOnly).toBe(false);
    expect(number.value).toBe('98765 43204');
  });
});

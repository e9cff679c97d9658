import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Agent } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { AgentsScreen } from './agents-screen';

const agent = (id: number, name: string, created: string, user_type: Agent['user_type'] = 'user'): Agent => ({
  id,
  agent_name: name,
  agent_number: `+9198765432${String(id).padStart(2, '0')}`,
  user_type,
  created_at: created,
});

const AGENTS = [
  agent(1, 'Owner Phone', '2024-01-02T08:30:00Z', 'owner'),
  agent(2, 'Asha, "Lead"', '2024-03-05T08:30:00Z'),
  agent(3, 'Ravi', '2024-02-02T08:30:00Z'),
];

// jsdom's Blob has no arrayBuffer(); FileReader reads it.
const readBlob = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

const render = (user = userWithRole('admin')) =>
  renderRoutes([{ path: '/agents', element: <AgentsScreen /> }], '/agents', { user });
const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[1]?.textContent);
const rowNumbers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[0]?.textContent);

function stubAgents(
  list: () => Agent[],
  extra: (path: string, init: RequestInit) => Response | undefined = () => undefined,
) {
  return stubFetch(
    (path, init) =>
      extra(path, init) ??
      (path === '/org/listAgent/' ? jsonResponse(200, list()) : jsonResponse(404, { message: 'nope' })),
  );
}

describe('AgentsScreen', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('shows No Agents found for an empty list', async () => {
    stubAgents(() => []);
    render();
    await screen.findByText('No Agents found');
    expect(screen.getByRole('button', { name: 'Download as CSV' })).toHaveProperty('disabled', true);
  });

  it('lists agents with the spec columns, sorts by created_at and filters by user type', async () => {
    stubAgents(() => AGENTS);
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    expectNamedControls();
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'No.',
      'Name',
      'Phone Number',
      'User type',
      'Created At',
      'Edit Agent',
      'Remove Agent',
    ]);
    expect(rowNames()).toEqual(['Asha, "Lead"', 'Ravi', 'Owner Phone']);
    // A running number in the order shown, not the database ids.
    expect(rowNumbers()).toEqual(['1', '2', '3']);
    expect(screen.getByText('+91 98765 43202')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /sort by creation time/i }));
    expect(rowNames()).toEqual(['Owner Phone', 'Ravi', 'Asha, "Lead"']);
    expect(rowNumbers()).toEqual(['1', '2', '3']);

    await user.click(screen.getByLabelText('user'));
    expect(rowNames()).toEqual(['Owner Phone']);
    expect(rowNumbers()).toEqual(['1']);
    expect(screen.getByLabelText('All')).toHaveProperty('checked', false);
    await user.click(screen.getByLabelText('owner'));
    expect(screen.getByText('No Agents found')).toBeTruthy();
    await user.click(screen.getByLabelText('All'));
    expect(rowNames()).toHaveLength(3);
    await user.click(screen.getByLabelText('All'));
    expect(screen.getByText('No Agents found')).toBeTruthy();
  });

  it('refreshes the list from the button beside the count', async () => {
    const fetchMock = stubAgents(() => AGENTS);
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    const lists = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/org/listAgent/').length;
    const before = lists();
    const refresh = screen.getByRole('button', { name: 'Refresh agents' });
    expect(refresh.parentElement?.textContent).toBe('3 agents');
    await user.click(refresh);
    await waitFor(() => expect(lists()).toBe(before + 1));
  });

  it('downloads the rows shown as a real CSV file', async () => {
    stubAgents(() => AGENTS);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:agents';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^agents-\d{4}-\d{2}-\d{2}\.csv$/);
    });
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.click(screen.getByLabelText('owner'));
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await readBlob(blobs[0] as Blob));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 BOM
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('Agent ID,Name,Phone Number,User type,Created At');
    expect(lines[1]).toMatch(/^2,"Asha, ""Lead""","'\+919876543202",user,2024-03-05 \d\d:30$/);
    expect(lines[2]).toMatch(/^3,Ravi,"'\+919876543203",user,/);
    expect(lines).toHaveLength(4); // two rows, then the final CRLF
  });

  it('says so when the list cannot be loaded', async () => {
    stubFetch(() => jsonResponse(500, {}));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render();
    await screen.findByText('Error in getting agent data');
  });

  it('adds an agent: name required, India by default, + and the digits sent, list refetched', async () => {
    let list = [AGENTS[0] as Agent];
    const fetchMock = stubAgents(
      () => list,
      (path, init) => {
        if (path !== '/org/addAgent/') return undefined;
        const body = sentBody(init) as { agent_name: string; agent_number: string };
        const added = {
          ...agent(9, body.agent_name, '2024-04-01T00:00:00Z'),
          agent_number: body.agent_number,
        };
        list = [...list, added];
        return jsonResponse(201, added);
      },
    );
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add Agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Agent' });
    expect(within(dialog).getByPlaceholderText('Enter a name of Agent')).toBeTruthy();
    expect(within(dialog).getByTestId('phone-calling-code').textContent).toBe('+91');

    await user.click(within(dialog).getByRole('button', { name: 'Add Agent' }));
    await screen.findByText('Fill the details corretly');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/org/addAgent/')).toBe(false);

    await user.type(within(dialog).getByLabelText('Agent Name'), 'Priya');
    await user.type(within(dialog).getByLabelText('Phone Number'), '98765 43210');
    await user.click(within(dialog).getByRole('button', { name: 'Add Agent' }));
    await screen.findByText('Agent added successfull');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/org/addAgent/');
    expect(sentBody(call?.[1])).toEqual({ agent_name: 'Priya', agent_number: '+919876543210' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Priya');
  });

  it("shows the server's message when adding fails, else the catalogue's", async () => {
    let answer = jsonResponse(409, { message: 'An agent with this phone number already exists.' });
    stubAgents(
      () => [],
      (path) => (path === '/org/addAgent/' ? answer : undefined),
    );
    const user = userEvent.setup();
    render();
    await screen.findByText('No Agents found');
    await user.click(screen.getByRole('button', { name: 'Add Agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Agent' });
    await user.type(within(dialog).getByLabelText('Agent Name'), 'Priya');
    await user.type(within(dialog).getByLabelText('Phone Number'), '9876543210');
    await user.click(within(dialog).getByRole('button', { name: 'Add Agent' }));
    await screen.findByText('An agent with this phone number already exists.');
    expect(screen.getByRole('dialog', { name: 'Add Agent' })).toBeTruthy();

    answer = jsonResponse(502);
    await user.click(within(dialog).getByRole('button', { name: 'Add Agent' }));
    await screen.findByText('Some error in creating agent');
  });

  it('rejects an invalid number for the country', async () => {
    const fetchMock = stubAgents(() => []);
    const user = userEvent.setup();
    render();
    await screen.findByText('No Agents found');
    await user.click(screen.getByRole('button', { name: 'Add Agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Agent' });
    await user.type(within(dialog).getByLabelText('Agent Name'), 'Priya');
    await user.type(within(dialog).getByLabelText('Phone Number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Add Agent' }));
    await screen.findByText('Fill the details corretly');
    expect(within(dialog).getByText('Enter a valid phone number for the chosen country.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/org/addAgent/')).toBe(false);
  });

  it('removes an agent after confirmation, toasts the server message and refetches', async () => {
    let list = [...AGENTS];
    const fetchMock = stubAgents(
      () => list,
      (path, init) => {
        if (path !== '/org/removeAgent/') return undefined;
        const { agent_id } = sentBody(init) as { agent_id: number };
        if (agent_id === 1) return jsonResponse(403, { message: 'The owner cannot be removed' });
        list = list.filter((item) => item.id !== agent_id);
        return jsonResponse(200, { success: true, message: 'Agent removed.' });
      },
    );
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Remove Ravi' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/org/removeAgent/')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Ravi' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove Agent' }));
    await screen.findByText('Agent removed.');
    await waitFor(() => expect(rowNames()).toEqual(['Asha, "Lead"', 'Owner Phone']));

    await user.click(screen.getByRole('button', { name: 'Remove Owner Phone' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove owner agent' }));
    await screen.findByText('The owner cannot be removed');
  });

  it('explains what removing the owner agent (the linked phone) means before removing it', async () => {
    let list = [...AGENTS];
    const fetchMock = stubAgents(
      () => list,
      (path, init) => {
        if (path !== '/org/removeAgent/') return undefined;
        const { agent_id } = sentBody(init) as { agent_id: number };
        list = list.filter((item) => item.id !== agent_id);
        return jsonResponse(200, { success: true, message: 'Agent removed.' });
      },
    );
    const removals = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/org/removeAgent/');
    const user = userEvent.setup();
    render();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Remove Owner Phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the owner agent?' });
    expect(dialog.textContent).toContain('the WhatsApp phone linked as one of your sessions');
    expect(dialog.textContent).toContain('Messages sent from that phone still count as replies');
    expect(dialog.textContent).toContain('listed again the next time its session connects');
    expect(within(dialog).queryByRole('button', { name: 'Remove Agent' })).toBeNull();
    // Cancel (the focused button) changes nothing.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(removals()).toHaveLength(0);
    expect(rowNames()).toContain('Owner Phone');

    // A user agent gets the plain question.
    await user.click(screen.getByRole('button', { name: 'Remove Ravi' }));
    expect(screen.getByRole('dialog', { name: 'Remove Agent' }).textContent).not.toContain('owner agent');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove Owner Phone' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove owner agent' }));
    await screen.findByText('Agent removed.');
    expect(sentBody(removals()[0]?.[1])).toEqual({ agent_id: 1 });
    await waitFor(() => expect(rowNames()).not.toContain('Owner Phone'));
  });
});

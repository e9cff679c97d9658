import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Agent, Member, MemberRole, SessionListItem } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { agentsListQuery, membersListQuery } from '@/shared/api/directory-queries';
import { savedChatsListQuery } from '@/shared/api/saved-chats-queries';
import { sessionsListQuery } from '@/shared/api/sessions-queries';
import { gettingStartedHidden } from '@/shared/storage/getting-started';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, stubFetch, userWithRole } from '@/testing/render-routes';
import { GettingStarted } from './getting-started';

const session = (status: SessionListItem['status']): SessionListItem => ({
  sessionId: 's-1',
  session_name: 'Support',
  description: 'Main phone',
  isActive: true,
  status,
  reason: null,
  phone: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  resumes_at: null,
  health: { events: [], quiet_since: null },
});
const agent = (id: number, user_type: Agent['user_type']): Agent => ({
  id,
  agent_name: `Agent ${id}`,
  agent_number: `+91987654321${id}`,
  user_type,
  created_at: '2026-01-01T00:00:00Z',
});
const member = (id: number): Member => ({
  id,
  email: `m${id}@acme.test`,
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'owner',
  agent_id: null,
  joined_at: '2026-01-01T00:00:00Z',
});

/** What the desk holds; a test changes it and tells the screen with an event. */
interface Desk {
  sessions: SessionListItem[];
  agents: Agent[];
  members: Member[];
  invitations: number;
  chats: number;
}

const NEW_DESK: Desk = { sessions: [], agents: [], members: [member(7)], invitations: 0, chats: 0 };
// Half done: WhatsApp linked (its phone's own agent came with it) and a chat saved.
const HALF_DONE: Desk = {
  ...NEW_DESK,
  sessions: [session('connected')],
  agents: [agent(1, 'owner')],
  chats: 1,
};

function serve(desk: Desk) {
  return stubFetch((path) => {
    switch (path) {
      case '/api/getSessionsList/':
        return jsonResponse(200, {
          session_list: desk.sessions,
          session_count: desk.sessions.length,
          driver: 'simulator',
        });
      case '/org/listAgent/':
        return jsonResponse(200, desk.agents);
      case '/org/members/':
        return jsonResponse(200, {
          members: desk.members,
          invitations: Array.from({ length: desk.invitations }, (_, index) => ({
            id: index + 1,
            email: `new${index}@acme.test`,
            role: 'member',
            invited_at: '2026-01-01T00:00:00Z',
            expires_at: '2026-02-01T00:00:00Z',
          })),
        });
      case '/v1/getSavedChatList/':
        return jsonResponse(200, {
          chat_count: desk.chats,
          chat_list: Array.from({ length: desk.chats }, (_, index) => ({
            chat_id: index + 1,
            chat_name: 'Exported chat',
          })),
        });
      case '/events/stream-token/':
        return jsonResponse(200, { stream_token: 'tk', expires_in: 60 });
      default:
        return jsonResponse(404, { message: `unexpected ${path}` });
    }
  });
}

/** Says when the four lists the checklist reads have answered. */
function Answered() {
  const answers = [
    useQuery(sessionsListQuery()),
    useQuery(agentsListQuery()),
    useQuery(membersListQuery()),
    useQuery(savedChatsListQuery()),
  ];
  return answers.every((answer) => answer.isSuccess) ? <p>every list answered</p> : null;
}

const render = (role: MemberRole = 'owner', id = 7) => {
  tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  return renderRoutes([{ path: '/dashboard', element: <GettingStarted /> }], '/dashboard', {
    user: userWithRole(role, { id }),
  });
};

const checklist = () => screen.findByRole('list', { name: 'Get your desk ready' });
/** Each step as assistive technology reads it: ticked or not, and its name. */
const ticks = () =>
  screen.getAllByRole('checkbox').map((box) => {
    const name = document.getElementById(box.getAttribute('aria-labelledby') ?? '')?.textContent;
    return `${(box as HTMLInputElement).checked ? '✓' : '○'} ${name}`;
  });
const paths = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url]) => String(url));

describe('GettingStarted', () => {
  it('ticks each step from the desk’s own data and says how far along it is', async () => {
    serve(HALF_DONE);
    render();
    const list = await checklist();
    expectNamedControls();
    expect(ticks()).toEqual(['✓ Link WhatsApp', '○ Add agents', '○ Invite the team', '✓ Import a chat']);
    expect(screen.getByText('2 of 4 done')).toBeTruthy();
    expect(list.getAttribute('aria-describedby')).toBe(screen.getByText('2 of 4 done').id);
    // An open step links to the screen where it is done; a done one says so.
    expect(
      within(list)
        .getByRole('link', { name: /Add an agent/ })
        .getAttribute('href'),
    ).toBe('/agents');
    expect(
      within(list)
        .getByRole('link', { name: /Invite people/ })
        .getAttribute('href'),
    ).toBe('/members');
    expect(within(list).queryByRole('link', { name: /Link a phone/ })).toBeNull();
    expect(within(list).getAllByText('Done')).toHaveLength(2);
    // Ticked by the data alone: a click changes nothing.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Add agents' }));
    expect(screen.getByRole('checkbox', { name: 'Add agents' })).toHaveProperty('checked', false);
  });

  it('links a new desk’s steps to Sessions, Agents, Members and the chat import', async () => {
    serve({ ...NEW_DESK, sessions: [session('qr')] });
    render();
    const list = await checklist();
    expect(ticks()).toEqual(['○ Link WhatsApp', '○ Add agents', '○ Invite the team', '○ Import a chat']);
    expect(screen.getByText('0 of 4 done')).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/session-info', '/agents', '/members', '/upload-chat']);
  });

  it('ticks a step when the server says its list changed, and counts a pending invitation', async () => {
    stubEventSource();
    const desk = { ...HALF_DONE };
    serve(desk);
    render();
    await checklist();
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    desk.agents = [agent(1, 'owner'), agent(2, 'user')];
    act(() => FakeEventSource.current()?.emit({ type: 'agents.updated', agents_count: 2 }));
    expect(await screen.findByText('3 of 4 done')).toBeTruthy();
    expect(ticks()).toContain('✓ Add agents');
    // The last step done: the checklist goes away by itself.
    desk.invitations = 1;
    act(() => FakeEventSource.current()?.emit({ type: 'members.updated' }));
    await waitFor(() => expect(screen.queryByRole('list')).toBeNull());
  });

  it('shows nothing on a desk where every step is done', async () => {
    serve({ ...HALF_DONE, agents: [agent(2, 'user')], members: [member(7), member(8)] });
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
    renderRoutes(
      [
        {
          path: '/dashboard',
          element: (
            <>
              <GettingStarted />
              <Answered />
            </>
          ),
        },
      ],
      '/dashboard',
      { user: userWithRole('owner') },
    );
    // The same cached answers have come: the checklist has seen them too.
    expect(await screen.findByText('every list answered')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get your desk ready' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it.each([
    ['admin', ['○ Link WhatsApp', '○ Add agents', '○ Import a chat'], '/org/members/'],
    ['member', ['○ Import a chat'], '/api/getSessionsList/'],
  ] as const)('shows a %s only the steps their role can do', async (role, steps, notAsked) => {
    const fetchMock = serve(NEW_DESK);
    render(role);
    await checklist();
    expect(ticks()).toEqual(steps);
    expect(screen.getByText(`0 of ${steps.length} done`)).toBeTruthy();
    expect(paths(fetchMock)).not.toContain(notAsked);
  });

  it('hides for this member when asked, until they sign out', async () => {
    serve(NEW_DESK);
    const first = render('owner', 7);
    await checklist();
    await userEvent.click(screen.getByRole('button', { name: 'Hide getting started' }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(await screen.findByText('Getting started is hidden. Every step stays in the menu.')).toBeTruthy();
    expect(gettingStartedHidden.get(7)).toBe(true);
    first.unmount();

    // Back on the dashboard: still hidden, and nothing is asked for it.
    const fetchMock = serve(NEW_DESK);
    const again = render('owner', 7);
    expect(screen.queryByRole('list')).toBeNull();
    expect(paths(fetchMock)).toEqual([]);
    again.unmount();

    // Another member at this browser still has theirs.
    serve(NEW_DESK);
    const other = render('owner', 8);
    await checklist();
    // Signing out (here: a session that could not be renewed) forgets every member's choice.
    act(() => tokenStorage.clear());
    expect(gettingStartedHidden.get(7)).toBe(false);
    other.unmount();
  });
});

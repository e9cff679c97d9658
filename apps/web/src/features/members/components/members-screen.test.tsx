import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type AuthUser,
  authMessages,
  type Invitation,
  type Member,
  memberMessages,
  verifyFirst,
} from '@wadesk/contract';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { MembersScreen } from './members-screen';

const person = (id: number, first: string, role: Member['role'], joined: string): Member => ({
  id,
  email: `${first.toLowerCase()}@acme.test`,
  first_name: first,
  last_name: 'Rao',
  role,
  agent_id: null,
  joined_at: joined,
});

const OWNER = person(1, 'Asha', 'owner', '2024-01-02T08:30:00Z');
const ADMIN = person(2, 'Ravi', 'admin', '2024-02-02T08:30:00Z');
const MEMBER = person(3, 'Meera', 'member', '2024-03-02T08:30:00Z');
const INVITATION: Invitation = {
  id: 7,
  email: 'new@acme.test',
  role: 'member',
  invited_at: '2024-04-01T08:30:00Z',
  expires_at: '2024-04-08T08:30:00Z',
};

const signedIn = (member: Member): AuthUser => ({
  id: member.id,
  email: member.email,
  first_name: member.first_name,
  last_name: member.last_name,
  role: member.role,
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
});

const render = (as: Member, verified = true) =>
  renderRoutes(
    [
      {
        path: '/members',
        element: (
          <AuthUserProvider user={{ ...signedIn(as), email_verified: verified }}>
            <MembersScreen />
          </AuthUserProvider>
        ),
      },
    ],
    '/members',
  );

type Extra = (path: string, init: RequestInit) => Response | undefined;

function stubMembers(
  list: () => { members: Member[]; invitations: Invitation[] },
  extra: Extra = () => undefined,
) {
  return stubFetch(
    (path, init) =>
      extra(path, init) ??
      (path === '/org/members/' ? jsonResponse(200, list()) : jsonResponse(404, { message: 'nope' })),
  );
}

const calls = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => sentBody(init));
const row = (name: string) =>
  screen.getByRole('cell', { name: new RegExp(`^${name} Rao`) }).closest('tr') as HTMLElement;

describe('MembersScreen as an owner', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('lists the members with number, name, email, role and joined date; You on their own row', async () => {
    stubMembers(() => ({ members: [OWNER, ADMIN, MEMBER], invitations: [INVITATION] }));
    render(OWNER);
    const table = await screen.findByRole('table');
    expectNamedControls();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Name', 'Email', 'Role', 'Agent phone', 'Joined', 'Manage']);
    const cells = within(row('Asha'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['1', 'Asha RaoYou', 'asha@acme.test', 'owner']);
    expect(cells[5]).toMatch(/2 Jan 2024/);
    expect(within(row('Ravi')).queryByText('You')).toBeNull();
    expect(screen.getByText('3 members')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeTruthy();
    expect(screen.queryByText(/only owners/i)).toBeNull();

    const invitations = screen.getByRole('region', { name: /open invitations/i });
    expect(within(invitations).getByText('new@acme.test')).toBeTruthy();
    expect(within(invitations).getByText(/Expires 8 Apr 2024/)).toBeTruthy();
  });

  it('keeps the last owner: their role select and Remove are disabled with the reason', async () => {
    stubMembers(() => ({ members: [OWNER, ADMIN], invitations: [] }));
    render(OWNER);
    await screen.findByRole('table');
    const select = screen.getByRole('combobox', { name: 'Role of Asha Rao' });
    const remove = screen.getByRole('button', { name: 'Remove Asha Rao' });
    expect(select).toHaveProperty('disabled', true);
    expect(remove).toHaveProperty('disabled', true);
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      memberMessages.lastOwner,
    );
    expect(screen.getByRole('combobox', { name: 'Role of Ravi Rao' })).toHaveProperty('disabled', false);
    expect(screen.getByText('No open invitations')).toBeTruthy();
  });

  it('with two owners either may be changed; a 409 from the server is shown as it says', async () => {
    const second = { ...ADMIN, role: 'owner' as const };
    const fetchMock = stubMembers(
      () => ({ members: [OWNER, second], invitations: [] }),
      (path) =>
        path === '/org/removeMember/' ? jsonResponse(409, { message: memberMessages.lastOwner }) : undefined,
    );
    const user = userEvent.setup();
    render(OWNER);
    await screen.findByRole('table');
    const own = screen.getByRole('combobox', { name: 'Role of Asha Rao' });
    expect(own).toHaveProperty('disabled', false);
    await user.selectOptions(own, 'member');
    const self = screen.getByRole('dialog', { name: 'Change role' });
    expect(self.textContent).toMatch(/you are signed out everywhere/);
    await user.click(within(self).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Remove Ravi Rao' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await screen.findByText(memberMessages.lastOwner);
    expect(calls(fetchMock, '/org/removeMember/')).toEqual([{ user_id: 2 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes a role only after a confirmation that says they will sign in again', async () => {
    let members = [OWNER, ADMIN, MEMBER];
    const fetchMock = stubMembers(
      () => ({ members, invitations: [] }),
      (path, init) => {
        if (path !== '/org/changeMemberRole/') return undefined;
        const body = sentBody(init) as { user_id: number; role: Member['role'] };
        members = members.map((m) => (m.id === body.user_id ? { ...m, role: body.role } : m));
        return jsonResponse(
          200,
          members.find((m) => m.id === body.user_id),
        );
      },
    );
    const user = userEvent.setup();
    render(OWNER);
    await screen.findByRole('table');
    const select = screen.getByRole('combobox', { name: 'Role of Meera Rao' });

    await user.selectOptions(select, 'admin');
    let dialog = screen.getByRole('dialog', { name: 'Change role' });
    expect(dialog.textContent).toMatch(/Make Meera Rao an admin instead of a member\?/);
    expect(dialog.textContent).toMatch(/signed out everywhere and sign in again/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, '/org/changeMemberRole/')).toEqual([]);
    expect((select as HTMLSelectElement).value).toBe('member');

    await user.selectOptions(select, 'admin');
    dialog = screen.getByRole('dialog', { name: 'Change role' });
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await screen.findByText('Role changed. They sign in again to continue.');
    expect(calls(fetchMock, '/org/changeMemberRole/')).toEqual([{ user_id: 3, role: 'admin' }]);
    await waitFor(() => expect(within(row('Meera')).getAllByText('admin').length).toBeGreaterThan(0));
  });

  it('removes a member after a confirmation that their account and saved chats are deleted', async () => {
    let members = [OWNER, ADMIN, MEMBER];
    const fetchMock = stubMembers(
      () => ({ members, invitations: [] }),
      (path, init) => {
        if (path !== '/org/removeMember/') return undefined;
        const { user_id } = sentBody(init) as { user_id: number };
        members = members.filter((m) => m.id !== user_id);
        return jsonResponse(200, { success: true, message: memberMessages.removed });
      },
    );
    const user = userEvent.setup();
    render(OWNER);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Remove Meera Rao' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove member' });
    expect(dialog.textContent).toMatch(/Their account and saved chats are deleted/);
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await screen.findByText(memberMessages.removed);
    expect(calls(fetchMock, '/org/removeMember/')).toEqual([{ user_id: 3 }]);
    await waitFor(() => expect(screen.queryByText('meera@acme.test')).toBeNull());
  });

  it('revokes an open invitation after confirmation', async () => {
    let invitations = [INVITATION];
    const fetchMock = stubMembers(
      () => ({ members: [OWNER], invitations }),
      (path) => {
        if (path !== '/org/revokeInvitation/') return undefined;
        invitations = [];
        return jsonResponse(200, { success: true, message: memberMessages.revoked });
      },
    );
    const user = userEvent.setup();
    render(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation to new@acme.test' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke invitation' });
    expect(dialog.textContent).toMatch(/new@acme\.test\? The link in their mail stops working/);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    await screen.findByText(memberMessages.revoked);
    expect(calls(fetchMock, '/org/revokeInvitation/')).toEqual([{ invitation_id: 7 }]);
    await screen.findByText('No open invitations');
  });

  it("invites by email and role; the server's refusal stays in the dialog", async () => {
    let invitations: Invitation[] = [];
    let answer: Response | null = jsonResponse(409, { message: memberMessages.accountElsewhere });
    const fetchMock = stubMembers(
      () => ({ members: [OWNER], invitations }),
      (path, init) => {
        if (path !== '/org/inviteMember/') return undefined;
        if (answer) return answer;
        const body = sentBody(init) as { email: string; role: 'admin' };
        const made = { ...INVITATION, id: 9, ...body };
        invitations = [made];
        return jsonResponse(201, made);
      },
    );
    const user = userEvent.setup();
    render(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite member' });
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });

    await user.click(send);
    expect(within(dialog).getByText('Enter an email address.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(send);
    expect(within(dialog).getByText('Enter a valid email address.')).toBeTruthy();
    expect(calls(fetchMock, '/org/inviteMember/')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'Priya@Acme.test');
    expect(within(dialog).getByRole('option', { name: 'member' })).toBeTruthy();
    expect(within(dialog).queryByRole('option', { name: 'owner' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    await user.click(send);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(memberMessages.accountElsewhere);

    answer = jsonResponse(502, { message: memberMessages.mailFailed });
    await user.click(send);
    await within(dialog).findByText(memberMessages.mailFailed);

    answer = null;
    await user.click(send);
    await screen.findByText(/Invitation sent\. priya@acme\.test has 7 days/);
    expect(calls(fetchMock, '/org/inviteMember/').at(-1)).toEqual({
      email: 'priya@acme.test',
      role: 'admin',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = screen.getByRole('region', { name: /open invitations/i });
    await within(list).findByText('priya@acme.test');
  });

  it('says so when the list cannot be loaded', async () => {
    stubFetch(() => jsonResponse(500, {}));
    render(OWNER);
    await screen.findByText('The members could not be loaded. Reload the page to try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('MembersScreen for an owner whose address is not verified', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('Invite member says why and offers the verification mail instead of a form', async () => {
    const fetchMock = stubMembers(
      () => ({ members: [OWNER], invitations: [] }),
      (path) =>
        path === '/users/resend-verification/'
          ? jsonResponse(200, { success: true, message: authMessages.verificationSent })
          : undefined,
    );
    const user = userEvent.setup();
    render(OWNER, false);
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite member' });
    expect(within(dialog).getByText(verifyFirst('invite'))).toBeTruthy();
    expect(within(dialog).getByText(OWNER.email)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send invitation' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Resend verification mail' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(authMessages.verificationSent);
    expect(fetchMock.mock.calls.some(([url]) => url === '/users/resend-verification/')).toBe(true);
    expect(calls(fetchMock, '/org/inviteMember/')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("disables another member's role and Remove with the reason", async () => {
    stubMembers(() => ({ members: [OWNER, MEMBER], invitations: [] }));
    render(OWNER, false);
    await screen.findByRole('table');
    const select = screen.getByRole('combobox', { name: 'Role of Meera Rao' });
    expect(select).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Remove Meera Rao' })).toHaveProperty('disabled', true);
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Verify your email address to change roles or remove members.',
    );
  });
});

describe('MembersScreen as a member or admin', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it.each([MEMBER, ADMIN])(
    'shows $role the list read-only with a note that only owners manage members',
    async (as) => {
      stubMembers(() => ({ members: [OWNER, ADMIN, MEMBER], invitations: [] }));
      render(as);
      const table = await screen.findByRole('table');
      expect(
        screen.getByText('Only owners can invite people, change roles and remove members.'),
      ).toBeTruthy();
      expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
      // Roles stay the owners'; admins link agent phones (the only select they get).
      expect(screen.queryByRole('combobox', { name: /^Role of/ })).toBeNull();
      expect(screen.queryAllByRole('combobox', { name: /^Agent phone of/ })).toHaveLength(
        as.role === 'admin' ? 3 : 0,
      );
      expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
      // Invite member is there, disabled, and says why (the notice above the list).
      const invite = screen.getByRole('button', { name: 'Invite member' });
      expect(invite).toHaveProperty('disabled', true);
      expect(document.getElementById(invite.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'Only owners can invite people, change roles and remove members.',
      );
      await userEvent.setup().click(invite);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('region', { name: /open invitations/i })).toBeNull();
      expect(within(row(as.first_name)).getByText('You')).toBeTruthy();
    },
  );
});

describe('MembersScreen agent phones', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  const AGENTS = [
    {
      id: 11,
      agent_name: 'Front desk',
      agent_number: '+447700900123',
      user_type: 'user',
      created_at: '2024-01-01T00:00:00Z',
    },
    {
      id: 12,
      agent_name: 'Night line',
      agent_number: '+447700900456',
      user_type: 'user',
      created_at: '2024-01-01T00:00:00Z',
    },
  ];

  it('an admin links a member to an agent phone; a phone linked to someone else cannot be chosen', async () => {
    let members = [OWNER, { ...ADMIN, agent_id: 12 }, MEMBER];
    const fetchMock = stubMembers(
      () => ({ members, invitations: [] }),
      (path, init) => {
        if (path === '/org/listAgent/') return jsonResponse(200, AGENTS);
        if (path !== '/org/linkMemberAgent/') return undefined;
        const body = sentBody(init) as { user_id: number; agent_id: number | null };
        members = members.map((m) => (m.id === body.user_id ? { ...m, agent_id: body.agent_id } : m));
        return jsonResponse(
          200,
          members.find((m) => m.id === body.user_id),
        );
      },
    );
    render(ADMIN);
    const select = await screen.findByRole('combobox', { name: 'Agent phone of Meera Rao' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    const taken = within(select).getByRole('option', {
      name: /Night line .*\(Ravi Rao\)/,
    }) as HTMLOptionElement;
    expect(taken.disabled).toBe(true);
    await userEvent.selectOptions(select, within(select).getByRole('option', { name: /Front desk/ }));
    await waitFor(() =>
      expect(calls(fetchMock, '/org/linkMemberAgent/')).toEqual([{ user_id: 3, agent_id: 11 }]),
    );
    expect(await screen.findByText('Agent phone linked. Replies from it now count as theirs.')).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: 'Agent phone of Meera Rao' }) as HTMLSelectElement).value,
      ).toBe('11'),
    );
  });

  it('a member reads the links without a control; the server refusal is shown as it says', async () => {
    stubMembers(
      () => ({ members: [OWNER, { ...MEMBER, agent_id: 11 }], invitations: [] }),
      (path) => (path === '/org/listAgent/' ? jsonResponse(200, AGENTS) : undefined),
    );
    render(MEMBER);
    expect(await screen.findByText(/Front desk · \+44 7700 900123/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Agent phone of/ })).toBeNull();
    expect(screen.getAllByText('Not linked').length).toBeGreaterThan(0);
  });
});

describe('MembersScreen live updates', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('shows a member another owner added without a reload', async () => {
    stubEventSource();
    let members = [OWNER];
    stubMembers(
      () => ({ members, invitations: [] }),
      (path) =>
        path === '/events/stream-token/'
          ? jsonResponse(200, { stream_token: 'tk', expires_in: 60 })
          : undefined,
    );
    render(OWNER);
    expect(await screen.findByText('1 member')).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    members = [OWNER, MEMBER];
    act(() => FakeEventSource.current()?.emit({ type: 'members.updated' }));
    expect(await screen.findByText('2 members')).toBeTruthy();
    expect(screen.getByText('meera@acme.test')).toBeTruthy();
  });
});

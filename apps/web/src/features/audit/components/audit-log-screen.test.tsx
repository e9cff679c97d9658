import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditLogEntry, AuthUser, Member } from '@wadesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { AuditLogScreen } from './audit-log-screen';

const ASHA: Member = {
  id: 1,
  email: 'asha@acme.test',
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'owner',
  agent_id: null,
  joined_at: '2024-01-02T08:30:00Z',
};
const RAVI: Member = { ...ASHA, id: 2, email: 'ravi@acme.test', first_name: 'Ravi', role: 'member' };

const entry = (id: number, patch: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  at: `2024-05-${String(id).padStart(2, '0')}T10:00:00Z`,
  actor_id: 1,
  actor_name: 'Asha Rao <asha@acme.test>',
  action: 'member.role_changed',
  target: 'ravi@acme.test',
  details: { from: 'admin', to: 'member' },
  ...patch,
});

const user = (member: Member, role: Member['role'] = member.role): AuthUser => ({
  id: member.id,
  email: member.email,
  first_name: member.first_name,
  last_name: member.last_name,
  role,
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
});

const render = (as: AuthUser) =>
  renderRoutes(
    [
      {
        path: '/audit-log',
        element: (
          <AuthUserProvider user={as}>
            <AuditLogScreen />
          </AuthUserProvider>
        ),
      },
      { path: '/inbox', element: <p>inbox screen</p> },
    ],
    '/audit-log',
  );

/** Pages of 2: the first call answers entries 9 and 8, the one before 8 answers 7. */
function stubAudit(extra: (path: string, init: RequestInit) => Response | undefined = () => undefined) {
  return stubFetch((path, init) => {
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === '/org/members/') return jsonResponse(200, { members: [ASHA, RAVI], invitations: [] });
    if (path === '/org/getAuditLog/') {
      const body = sentBody(init) as { before_id?: number };
      return body.before_id === 8
        ? jsonResponse(200, {
            entries: [entry(7, { action: 'auth.signed_in', details: { method: 'google' } })],
            has_more: false,
          })
        : jsonResponse(200, {
            entries: [
              entry(9, {
                actor_id: null,
                actor_name: null,
                action: 'session.created',
                target: 'Support',
                details: {},
              }),
              entry(8),
            ],
            has_more: true,
          });
    }
    return jsonResponse(404, { message: 'nope' });
  });
}

const auditCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/org/getAuditLog/')
    .map(([, init]) => sentBody(init));

describe('AuditLogScreen', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows When, Who and what happened in a sentence, and loads older entries', async () => {
    const fetchMock = stubAudit();
    render(user(ASHA));
    const table = await screen.findByRole('table');
    expectNamedControls();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Who', 'What happened']);
    const cells = (id: number) =>
      within(table.querySelector(`[data-entry-id="${id}"]`) as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(8).slice(1)).toEqual([
      'Asha Raoasha@acme.test',
      'Changed the role of ravi@acme.test from admin to member.',
    ]);
    expect(cells(8)[0]).toMatch(/8 May 2024/);
    expect(cells(9).slice(1)).toEqual(['WhatsApp / system', 'Created the session Support.']);

    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await screen.findByText('Signed in with Google.');
    expect(auditCalls(fetchMock)).toEqual([{ limit: 50 }, { limit: 50, before_id: 8 }]);
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('links the tickets an entry names to their conversation in the inbox', async () => {
    stubAudit((path) =>
      path === '/org/getAuditLog/'
        ? jsonResponse(200, {
            entries: [
              entry(5, { action: 'ticket.merged', target: 'Ticket #12', details: { merged_ticket_id: 9 } }),
            ],
            has_more: false,
          })
        : undefined,
    );
    const { router } = render(user(ASHA));
    const row = (await screen.findByRole('table')).querySelector('[data-entry-id="5"]') as HTMLElement;
    expect(row.textContent).toContain('Merged Ticket #9 into Ticket #12.');
    expect(within(row).getByRole('link', { name: 'Ticket #9' }).getAttribute('href')).toBe('/inbox?ticket=9');
    await userEvent.click(within(row).getByRole('link', { name: 'Ticket #12' }));
    expect(await screen.findByText('inbox screen')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/inbox?ticket=12');
  });

  it('filters by action, member and local date range, and says when a range cannot match', async () => {
    const fetchMock = stubAudit();
    render(user(ASHA));
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Changed a role');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Member' }), 'Ravi Rao');
    await userEvent.type(screen.getByLabelText('From'), '2024-05-01');
    await userEvent.type(screen.getByLabelText('To'), '2024-05-31');
    await waitFor(() =>
      expect(auditCalls(fetchMock).at(-1)).toEqual({
        limit: 50,
        action: 'member.role_changed',
        actor_id: 2,
        from: new Date(2024, 4, 1).toISOString(),
        // The end day is included: the server's `to` is the next local midnight.
        to: new Date(2024, 5, 1).toISOString(),
      }),
    );
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2024-04-01');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The start date is after the end date.',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    // The inverted range is never asked for.
    const ranges = auditCalls(fetchMock) as { from?: string; to?: string }[];
    expect(ranges.filter((body) => body.from && body.to && body.from >= body.to)).toEqual([]);
  });

  it('exports the CSV with the current filters and the bearer token, then downloads it', async () => {
    const fetchMock = stubAudit((path) =>
      path.startsWith('/org/auditLog.csv') ? new Response('When (UTC),Who\r\n', { status: 200 }) : undefined,
    );
    const created = vi.fn((_blob: Blob) => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(user(ASHA));
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Signed in');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/org/auditLog.csv')) ?? [];
    expect(url).toBe('/org/auditLog.csv?action=auth.signed_in');
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer a');
    expect(await created.mock.calls[0]?.[0].text()).toBe('When (UTC),Who\r\n');
    click.mockRestore();
  });

  it('says why an export failed', async () => {
    stubAudit((path) =>
      path.startsWith('/org/auditLog.csv')
        ? jsonResponse(400, { message: 'Dates must be ISO dates.' })
        : undefined,
    );
    render(user(ASHA));
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Dates must be ISO dates.')).toBeTruthy();
  });

  it('reads as cards on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stubAudit();
    render(user(ASHA));
    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getAllByRole('listitem')[1] as HTMLElement;
    expect(card.querySelector('p')?.textContent).toBe(
      'Changed the role of ravi@acme.test from admin to member.',
    );
    expect(within(card).getByText('Asha Rao')).toBeTruthy();
  });

  it('tells a member the log is for owners and admins, without asking the server', async () => {
    const fetchMock = stubAudit();
    render(user(RAVI));
    expect(await screen.findByText('Only admins and owners can read the audit log.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

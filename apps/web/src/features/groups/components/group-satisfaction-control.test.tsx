import { useQuery, useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberRole, SessionGroup, SettingsResponse } from '@wadesk/contract';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { groupsListQuery } from '@/features/groups/api/groups-queries';
import { GROUPS } from '@/features/groups/testing/chat-screen-fixtures';
import { SETTINGS_KEY } from '@/shared/api/cached-settings';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { GroupSatisfactionControl } from './group-satisfaction-control';

const GROUP: SessionGroup = { ...(GROUPS[0] as SessionGroup), satisfaction_poll: 'organisation' };

/** The control for the first group of the cached list, as the WhatsApp Chat page gives it. */
function Harness({ settings }: { settings: Pick<SettingsResponse, 'satisfaction_poll'> | undefined }) {
  const queryClient = useQueryClient();
  // The Settings screen's answer, when the test says this tab has loaded it.
  useState(() => (settings ? queryClient.setQueryData(SETTINGS_KEY, settings) : undefined));
  const list = useQuery(groupsListQuery());
  const group = list.data?.groups[0];
  return group ? <GroupSatisfactionControl group={group} /> : null;
}

function render(
  role: MemberRole,
  options: { settings?: Pick<SettingsResponse, 'satisfaction_poll'>; refusal?: string } = {},
) {
  const fetchMock = stubFetch((path, init) => {
    if (path === '/api/getGroups/')
      return jsonResponse(200, { success: true, groups: [GROUP], groups_count: 1 });
    if (path === '/api/setGroupSatisfactionPoll/')
      return options.refusal
        ? jsonResponse(403, { message: options.refusal })
        : jsonResponse(200, {
            success: true,
            satisfaction_poll: (sentBody(init) as { satisfaction_poll: string }).satisfaction_poll,
          });
    return jsonResponse(404, { message: `unexpected ${path}` });
  });
  renderRoutes([{ path: '/', element: <Harness settings={options.settings} /> }], '/', {
    user: userWithRole(role),
  });
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => sentBody(init));
  return { calls };
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('group satisfaction poll', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('lets an admin choose, sends the group and the choice, and keeps the answer in the group list', async () => {
    const user = userEvent.setup();
    const { calls } = render('admin');
    const select = (await screen.findByRole('combobox', { name: 'Satisfaction poll' })) as HTMLSelectElement;
    // The organisation's setting is not in this tab: no request for it, the choice says only what it follows.
    expect(options(select)).toEqual(['As the organisation', 'On', 'Off']);
    expect(select.value).toBe('organisation');
    await user.selectOptions(select, 'Off');
    await waitFor(() =>
      expect(calls('/api/setGroupSatisfactionPoll/')).toEqual([
        { session_id: 's1', group_id: 'g1@g.us', satisfaction_poll: 'off' },
      ]),
    );
    expect(
      await screen.findByText('Satisfaction poll saved. Tickets closed from now on follow it.'),
    ).toBeTruthy();
    // Read back from the cached list, which was not asked for again.
    await waitFor(() => expect(select.value).toBe('off'));
    expect(select).toHaveProperty('disabled', false);
    expect(calls('/api/getGroups/')).toHaveLength(1);
    expect(calls('/org/getSettings/')).toEqual([]);
  });

  it("names the organisation's setting when the tab holds it", async () => {
    render('owner', { settings: { satisfaction_poll: true } });
    const select = await screen.findByRole('combobox', { name: 'Satisfaction poll' });
    expect(options(select)).toEqual(['As the organisation (On)', 'On', 'Off']);
  });

  it("shows the server's words when it refuses, and keeps the group's choice", async () => {
    const user = userEvent.setup();
    const refusal = 'Only admins and owners can change a group’s satisfaction poll.';
    render('admin', { refusal });
    const select = (await screen.findByRole('combobox', { name: 'Satisfaction poll' })) as HTMLSelectElement;
    await user.selectOptions(select, 'On');
    expect(await screen.findByText(refusal)).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('organisation'));
  });

  it('shows a member the choice without a control, and why', async () => {
    render('member', { settings: { satisfaction_poll: false } });
    const choice = await screen.findByText('As the organisation (Off)');
    expect(screen.queryByRole('combobox')).toBeNull();
    const reason = "Only admins and owners can change a group's satisfaction poll.";
    expect(document.getElementById(choice.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type AuthUser,
  authMessages,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_OUT_OF_HOURS_MESSAGE,
  DEFAULT_SLA_WARNING_MINUTES,
  type MemberRole,
  type SettingsResponse,
  verifyFirst,
} from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { jsonResponse, renderRoutes, sentBody, stubFetch } from '@/testing/render-routes';
import { SettingsScreen } from './settings-screen';

const signedIn = (role: MemberRole, verified = true): AuthUser => ({
  id: 1,
  email: 'asha@acme.test',
  first_name: 'Asha',
  last_name: 'Rao',
  role,
  organisation_id: 1,
  email_verified: verified,
  google_linked: false,
  organisation_name: 'Acme',
});

/**
 * The settings the Business hours and SLA sections show (sla-settings.test.tsx tests those), and the
 * satisfaction poll (off unless a test says).
 */
type SlaFields =
  | 'business_hours'
  | 'sla_policies'
  | 'sla_warning_minutes'
  | 'out_of_hours_reply'
  | 'out_of_hours_message'
  | 'satisfaction_poll';

function setUp(
  role: MemberRole,
  initial: Omit<SettingsResponse, SlaFields> & { satisfaction_poll?: boolean },
  verified = true,
) {
  let current: SettingsResponse = {
    business_hours: DEFAULT_BUSINESS_HOURS,
    sla_policies: [],
    sla_warning_minutes: DEFAULT_SLA_WARNING_MINUTES,
    out_of_hours_reply: false,
    out_of_hours_message: DEFAULT_OUT_OF_HOURS_MESSAGE,
    satisfaction_poll: false,
    ...initial,
  };
  const fetchMock = stubFetch((path, init) => {
    if (path === '/org/getSettings/') return jsonResponse(200, current);
    if (path === '/org/updateSettings/') {
      current = { ...current, ...(sentBody(init) as Partial<SettingsResponse>) };
      return jsonResponse(200, current);
    }
    if (path === '/org/updateOrganisation/') {
      const { name } = sentBody(init) as { name: string };
      return jsonResponse(200, { name: name.trim() });
    }
    return jsonResponse(404, { message: 'nope' });
  });
  renderRoutes(
    [
      {
        path: '/settings',
        element: (
          <AuthUserProvider user={signedIn(role, verified)}>
            <SettingsScreen />
          </AuthUserProvider>
        ),
      },
    ],
    '/settings',
  );
  const calls = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, i]) => sentBody(i));
  const updates = () => calls('/org/updateSettings/');
  const renames = () => calls('/org/updateOrganisation/');
  return { updates, renames };
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Acknowledgement phrases' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('SettingsScreen', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('adds and removes phrases as chips, saves them, and resets to the default list', async () => {
    const user = userEvent.setup();
    const { updates } = setUp('admin', {
      ack_phrases: ['ok', 'thanks'],
      unanswered_minutes: 30,
      auto_pending: false,
      reopen_days: 7,
    });
    await screen.findByRole('list', { name: 'Acknowledgement phrases' });
    expectNamedControls();
    expect(chips()).toEqual(['ok', 'thanks']);
    const save = () =>
      within(screen.getByRole('region', { name: 'Acknowledgement messages' })).getByRole('button', {
        name: 'Save',
      });
    expect(save()).toHaveProperty('disabled', true);

    await user.type(screen.getByRole('textbox', { name: 'New phrase' }), '  Danke! {Enter}');
    await user.type(screen.getByRole('textbox', { name: 'New phrase' }), 'OK{Enter}');
    expect(screen.getByText('That phrase is already on the list.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove “ok”' }));
    expect(chips()).toEqual(['thanks', 'danke']);
    await user.click(save());
    await waitFor(() => expect(updates()).toEqual([{ ack_phrases: ['thanks', 'danke'] }]));

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(chips()).toContain('thank you');
    expect(chips()).toContain('👍');
    expect(screen.getByRole('button', { name: 'Reset to default' })).toHaveProperty('disabled', true);
  });

  it('saves the unanswered alert in minutes and refuses a value out of range', async () => {
    const user = userEvent.setup();
    const { updates } = setUp('owner', {
      ack_phrases: [],
      unanswered_minutes: 30,
      auto_pending: false,
      reopen_days: 7,
    });
    const field = await screen.findByRole('spinbutton', { name: 'Notify after (minutes)' });
    expect(screen.getByText(/only emoji-only messages/)).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Unanswered tickets' });
    await user.clear(field);
    await user.type(field, '0');
    expect(within(section).getByText(/between 1 and 10080 minutes/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.clear(field);
    await user.type(field, '45');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toEqual([{ unanswered_minutes: 45 }]));
  });

  it('turns pending after a reply on at once and saves the reopen window in days (0 to 90)', async () => {
    const user = userEvent.setup();
    const { updates } = setUp('admin', {
      ack_phrases: [],
      unanswered_minutes: 30,
      auto_pending: false,
      reopen_days: 7,
    });
    const toggle = await screen.findByRole('checkbox', {
      name: /Set a ticket to Pending after a staff reply/,
    });
    await user.click(toggle);
    await waitFor(() => expect(updates()).toEqual([{ auto_pending: true }]));
    const section = screen.getByRole('region', { name: 'Ticket lifecycle' });
    const days = within(section).getByRole('spinbutton', { name: 'Reopen within (days)' });
    await user.clear(days);
    await user.type(days, '91');
    expect(within(section).getByText('The reopen window must be between 0 and 90 days.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toEqual([{ auto_pending: true }, { reopen_days: 0 }]));
  });

  it('turns the satisfaction poll on at once, saying what it sends and where groups change it', async () => {
    const user = userEvent.setup();
    const { updates } = setUp('owner', {
      ack_phrases: [],
      unanswered_minutes: 30,
      auto_pending: false,
      reopen_days: 7,
    });
    const section = await screen.findByRole('region', { name: 'Customer satisfaction' });
    const toggle = within(section).getByRole('checkbox', { name: /Ask customers how we did/ });
    expect(toggle).toHaveProperty('checked', false);
    expect(within(section).getByText(/the WhatsApp poll “How did we do\?” into the group/)).toBeTruthy();
    expect(within(section).getByText(/At most one poll per customer of a group a day/)).toBeTruthy();
    expect(within(section).getByText(/on the WhatsApp Chat page/)).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(updates()).toEqual([{ satisfaction_poll: true }]));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    await user.click(toggle);
    await waitFor(() =>
      expect(updates()).toEqual([{ satisfaction_poll: true }, { satisfaction_poll: false }]),
    );
  });

  it('shows a member the settings without controls to change them', async () => {
    setUp('member', { ack_phrases: ['ok'], unanswered_minutes: 30, auto_pending: false, reopen_days: 7 });
    await screen.findByRole('list', { name: 'Acknowledgement phrases' });
    expect(screen.getByText('Only admins and owners can change these settings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'New phrase' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Pending after a staff reply/ })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('checkbox', { name: /Ask customers how we did/ })).toHaveProperty(
      'disabled',
      true,
    );
  });

  const DEFAULTS: Omit<SettingsResponse, SlaFields> = {
    ack_phrases: [],
    unanswered_minutes: 30,
    auto_pending: false,
    reopen_days: 7,
  };

  it('lets an owner rename the organisation, refusing an empty name', async () => {
    const user = userEvent.setup();
    const { renames } = setUp('owner', DEFAULTS);
    const section = await screen.findByRole('region', { name: 'Organisation' });
    const name = within(section).getByRole('textbox', { name: 'Organisation name' }) as HTMLInputElement;
    const save = within(section).getByRole('button', { name: 'Save' });
    expect(name.value).toBe('Acme');
    expect(save).toHaveProperty('disabled', true);
    await user.clear(name);
    expect(within(section).getByText(authMessages.organisationNameRequired)).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    await user.type(name, ' Acme Support ');
    await user.click(save);
    await waitFor(() => expect(renames()).toEqual([{ name: 'Acme Support' }]));
    expect(await screen.findByText('The organisation is now called “Acme Support”.')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
  });

  it.each([
    ['an admin', 'admin', true, 'Only owners can rename the organisation.'],
    ['an owner with an unverified address', 'owner', false, verifyFirst('rename')],
  ] as const)('shows %s the name without a way to change it, and why', async (_, role, verified, why) => {
    const { renames } = setUp(role, DEFAULTS, verified);
    const section = await screen.findByRole('region', { name: 'Organisation' });
    const name = within(section).getByRole('textbox', { name: 'Organisation name' });
    expect(name).toHaveProperty('readOnly', true);
    expect(within(section).getByText(why)).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(renames()).toEqual([]);
  });
});

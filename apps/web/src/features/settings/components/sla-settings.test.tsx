import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_OUT_OF_HOURS_MESSAGE,
  DEFAULT_SLA_WARNING_MINUTES,
  type MemberRole,
  type SettingsResponse,
  type SlaPolicy,
  settingsMessages,
  slaMessages,
} from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { SettingsScreen } from './settings-screen';

const LABELS = [
  { id: 3, name: 'VIP' },
  { id: 4, name: 'Billing' },
];

function setUp(role: MemberRole, policies: SlaPolicy[] = [], refusal?: string) {
  let current: SettingsResponse = {
    ack_phrases: [],
    unanswered_minutes: 30,
    auto_pending: false,
    reopen_days: 7,
    business_hours: DEFAULT_BUSINESS_HOURS,
    sla_policies: policies,
    sla_warning_minutes: DEFAULT_SLA_WARNING_MINUTES,
    out_of_hours_reply: false,
    out_of_hours_message: DEFAULT_OUT_OF_HOURS_MESSAGE,
    satisfaction_poll: false,
  };
  const fetchMock = stubFetch((path, init) => {
    if (path === '/org/getSettings/') return jsonResponse(200, current);
    if (path === '/org/updateSettings/') {
      if (refusal) return jsonResponse(400, { message: refusal });
      current = { ...current, ...(sentBody(init) as Partial<SettingsResponse>) };
      return jsonResponse(200, current);
    }
    return jsonResponse(404, { message: 'nope' });
  });
  renderRoutes(
    [
      {
        path: '/settings',
        element: (
          <AuthUserProvider user={userWithRole(role)}>
            <SettingsScreen labels={LABELS} />
          </AuthUserProvider>
        ),
      },
    ],
    '/settings',
  );
  return () =>
    fetchMock.mock.calls
      .filter(([url]) => String(url) === '/org/updateSettings/')
      .map(([, init]) => sentBody(init) as Partial<SettingsResponse>);
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('Settings: business hours and SLA policies', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('edits the week, adds holidays by hand and from an .ics file, and saves the calendar', async () => {
    const user = userEvent.setup();
    const updates = setUp('admin');
    const hours = await section('Business hours');
    expectNamedControls();
    const zone = hours.getByLabelText('Time zone');
    await user.clear(zone);
    await user.type(zone, 'Europe/Berlin');
    const closes = hours.getByLabelText('Monday 1: closes');
    await user.clear(closes);
    await user.type(closes, '18:30');
    expect(within(hours.getByRole('list', { name: 'Saturday hours' })).getByText('Closed')).toBeTruthy();
    await user.click(hours.getByRole('button', { name: 'Add hours on Saturday' }));
    await user.type(hours.getByLabelText('Holiday'), '2026-12-24');
    await user.click(hours.getByRole('button', { name: 'Add holiday' }));
    const ics = new File(
      ['BEGIN:VEVENT\r\nDTSTART;VALUE=DATE:20261225\r\nDTEND;VALUE=DATE:20261227\r\nEND:VEVENT\r\n'],
      'christmas.ics',
      { type: 'text/calendar' },
    );
    await user.upload(hours.getByLabelText('Import .ics', { selector: 'input' }), ics);
    await hours.findByText('2 dates from christmas.ics added. Save to keep them.');
    await user.type(hours.getByLabelText('Public holidays of (region)'), 'de-by');
    await user.click(hours.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.business_hours).toEqual({
      time_zone: 'Europe/Berlin',
      week: {
        ...DEFAULT_BUSINESS_HOURS.week,
        mon: [{ from: '09:00', to: '18:30' }],
        sat: [{ from: '09:00', to: '17:00' }],
      },
      holidays: ['2026-12-24', '2026-12-25', '2026-12-26'],
      holiday_region: 'DE-BY',
    });
  });

  it('says what is wrong with the hours and does not save them', async () => {
    const user = userEvent.setup();
    const updates = setUp('admin');
    const hours = await section('Business hours');
    const opens = hours.getByLabelText('Tuesday 1: opens');
    await user.clear(opens);
    await user.type(opens, '18:00');
    expect(hours.getByRole('alert').textContent).toBe(slaMessages.windowInvalid);
    expect(hours.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(updates()).toEqual([]);
  });

  it('adds, orders and saves SLA policies, refusing a second policy without labels', async () => {
    const user = userEvent.setup();
    const updates = setUp('admin');
    const policies = await section('SLA policies');
    expect(policies.getByText('No SLA policies: tickets have no targets.')).toBeTruthy();
    await user.click(policies.getByRole('button', { name: 'Add policy' }));
    await user.click(policies.getByRole('button', { name: 'Add policy' }));
    expect(policies.getByRole('alert').textContent).toBe(slaMessages.policyNameInvalid);
    const second = within(policies.getAllByRole('listitem')[1] as HTMLElement);
    await user.type(second.getByLabelText('Name'), 'VIP');
    expect(policies.getByRole('alert').textContent).toBe(slaMessages.oneDefaultPolicy);
    expect(policies.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.click(second.getByLabelText('VIP'));
    const first = second.getByLabelText('First response');
    await user.clear(first);
    await user.type(first, '15');
    await user.selectOptions(second.getByLabelText('Count'), 'wall');
    await user.click(policies.getByRole('button', { name: 'Move VIP up' }));
    expect(policies.queryByRole('alert')).toBeNull();
    await user.click(policies.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0]?.sla_policies).toEqual([
      {
        name: 'VIP',
        label_ids: [3],
        calendar: 'wall',
        pause_while_pending: true,
        first_response_minutes: 15,
        next_response_minutes: null,
        resolution_minutes: null,
      },
      {
        name: 'Standard',
        label_ids: [],
        calendar: 'business',
        pause_while_pending: true,
        first_response_minutes: 60,
        next_response_minutes: null,
        resolution_minutes: null,
      },
    ]);
  });

  it('keeps the edited list when the server refuses it, and shows why', async () => {
    const user = userEvent.setup();
    const updates = setUp('admin', [], slaMessages.labelNotFound);
    const policies = await section('SLA policies');
    await user.click(policies.getByRole('button', { name: 'Add policy' }));
    await user.clear(policies.getByLabelText('Name'));
    await user.type(policies.getByLabelText('Name'), 'Weekend desk');
    await user.click(policies.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(await screen.findByText(slaMessages.labelNotFound)).toBeTruthy();
    expect(policies.getByLabelText('Name')).toHaveProperty('value', 'Weekend desk');
  });

  it('saves the breaching-soon warning with the SLA policies, only what changed, refusing 0 minutes', async () => {
    const user = userEvent.setup();
    const updates = setUp('admin');
    const policies = await section('SLA policies');
    const warning = policies.getByRole('spinbutton', { name: 'Breaching soon (minutes before due)' });
    expect(warning).toHaveProperty('value', String(DEFAULT_SLA_WARNING_MINUTES));
    const save = policies.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await user.clear(warning);
    await user.type(warning, '0');
    expect(policies.getByText(settingsMessages.slaWarningInvalid)).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    await user.clear(warning);
    await user.type(warning, '30');
    await user.click(save);
    await waitFor(() => expect(updates()).toEqual([{ sla_warning_minutes: 30 }]));
    // Saved: nothing left to save, the field shows the saved value.
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    expect(warning).toHaveProperty('value', '30');

    // A policy and the warning changed together go in one request.
    await user.click(policies.getByRole('button', { name: 'Add policy' }));
    await user.clear(warning);
    await user.type(warning, '45');
    await user.click(save);
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]).toEqual({
      sla_policies: [expect.objectContaining({ name: 'Standard', first_response_minutes: 60 })],
      sla_warning_minutes: 45,
    });
  });

  it('turns the out-of-hours reply on with its message, saved with the business hours', async () => {
    const user = userEvent.setup();
    const updates = setUp('admin');
    const hours = await section('Business hours');
    const toggle = hours.getByRole('checkbox', { name: /Send an out-of-hours reply/ });
    const message = hours.getByRole('textbox', { name: 'Out-of-hours message' });
    expect(toggle).toHaveProperty('checked', false);
    expect(message).toHaveProperty('value', DEFAULT_OUT_OF_HOURS_MESSAGE);
    expect(hours.getByText(/\{back\} is replaced with when the team is back/)).toBeTruthy();
    await user.click(toggle);
    await user.clear(message);
    expect(hours.getByText(settingsMessages.outOfHoursMessageInvalid)).toBeTruthy();
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(hours.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.type(message, 'We are closed. Back {{back}.');
    await user.click(hours.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updates()).toEqual([
        { out_of_hours_reply: true, out_of_hours_message: 'We are closed. Back {back}.' },
      ]),
    );
  });

  it('keeps the out-of-hours reply as typed when the server refuses it, and shows why', async () => {
    const user = userEvent.setup();
    const updates = setUp('admin', [], settingsMessages.outOfHoursMessageInvalid);
    const hours = await section('Business hours');
    await user.click(hours.getByRole('checkbox', { name: /Send an out-of-hours reply/ }));
    await user.type(hours.getByRole('textbox', { name: 'Out-of-hours message' }), ' See you {{back}.');
    await user.click(hours.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(await screen.findByText(settingsMessages.outOfHoursMessageInvalid)).toBeTruthy();
    expect(hours.getByRole('checkbox', { name: /Send an out-of-hours reply/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(hours.getByRole('textbox', { name: 'Out-of-hours message' })).toHaveProperty(
      'value',
      `${DEFAULT_OUT_OF_HOURS_MESSAGE} See you {back}.`,
    );
    expect(hours.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('members see the calendar and the policies but change nothing', async () => {
    setUp('member', [
      {
        id: 9,
        name: 'Standard',
        label_ids: [],
        first_response_minutes: 60,
        next_response_minutes: null,
        resolution_minutes: 480,
        calendar: 'business',
        pause_while_pending: false,
      },
    ]);
    const hours = await section('Business hours');
    expect(hours.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(hours.queryByRole('button', { name: /Add hours/ })).toBeNull();
    expect(hours.getByLabelText('Monday 1: opens')).toHaveProperty('readOnly', true);
    const policies = await section('SLA policies');
    expect(policies.getByLabelText('Name')).toHaveProperty('value', 'Standard');
    expect(policies.getByLabelText('Resolution').matches(':disabled')).toBe(true);
    expect(policies.queryByRole('button', { name: 'Add policy' })).toBeNull();
    expect(policies.getByLabelText('Breaching soon (minutes before due)')).toHaveProperty('readOnly', true);
    expect(hours.getByRole('checkbox', { name: /Send an out-of-hours reply/ })).toHaveProperty(
      'disabled',
      true,
    );
    expect(hours.getByLabelText('Out-of-hours message')).toHaveProperty('readOnly', true);
  });
});

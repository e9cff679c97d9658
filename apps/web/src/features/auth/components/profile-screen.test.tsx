import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AuthUser, authMessages } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/shared/format/format';
import { tokenStorage } from '@/shared/storage/storage';
import { expectNamedControls } from '@/testing/accessible-names';
import { jsonResponse, renderRoutes, sentBody, stubFetch, userWithRole } from '@/testing/render-routes';
import { ProfileScreen } from './profile-screen';

const NEW_YEAR_UTC = '2024-01-01T00:00:00Z';

/** A time the screens show, beside the profile: it must follow the member's time zone. */
function ShownTime() {
  return <p data-testid="shown-time">{formatDateTime(NEW_YEAR_UTC)}</p>;
}

function setUp(user: AuthUser, answer?: (path: string, body: Record<string, unknown>) => Response) {
  let current = user;
  const fetchMock = stubFetch((path, init) => {
    const body = sentBody(init) as Record<string, unknown>;
    if (answer) return answer(path, body);
    if (path === '/users/updateProfile/') {
      current = { ...current, ...body };
      return jsonResponse(200, { user: current });
    }
    return jsonResponse(404, { message: 'nope' });
  });
  renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <>
            <ProfileScreen />
            <ShownTime />
          </>
        ),
      },
    ],
    '/profile',
    { user },
  );
  const sent = (path: string) =>
    fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => sentBody(init));
  return { sent };
}

const section = (name: string) => screen.getByRole('region', { name });
const shownTime = () => screen.getByTestId('shown-time').textContent;

describe('ProfileScreen', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('shows the account and saves a new name with the registration’s rules', async () => {
    const user = userEvent.setup();
    const { sent } = setUp(userWithRole('owner', { organisation_name: 'Acme Support' }));
    expectNamedControls();
    expect(screen.getByText('Owner · Acme Support')).toBeTruthy();
    const names = section('Your name');
    const save = within(names).getByRole('button', { name: 'Save name' });
    expect(save).toHaveProperty('disabled', true);

    const first = within(names).getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'As');
    await user.click(save);
    expect(within(names).getByText(authMessages.firstNameLength)).toBeTruthy();
    expect(sent('/users/updateProfile/')).toEqual([]);

    await user.type(first, 'hika');
    await user.clear(within(names).getByLabelText('Last name'));
    await user.click(save);
    await waitFor(() =>
      expect(sent('/users/updateProfile/')).toEqual([{ first_name: 'Ashika', last_name: '' }]),
    );
    expect(await screen.findByText(authMessages.profileSaved)).toBeTruthy();
    // The account shown is the one the server answered.
    expect(screen.getByText('Ashika', { selector: 'p' })).toBeTruthy();
  });

  it('shows times in the chosen zone at once, and in the browser’s again when that is chosen', async () => {
    const user = userEvent.setup();
    const { sent } = setUp(userWithRole('member', { time_zone: 'America/New_York' }));
    expect(shownTime()).toBe('31 Dec 2023, 07:00 pm');
    const zones = section('Time zone');
    const select = within(zones).getByLabelText('Show times in') as HTMLSelectElement;
    expect(select.value).toBe('America/New_York');

    await user.selectOptions(select, 'Asia/Tokyo');
    expect(within(zones).getByText(/The time now: .*GMT\+9/)).toBeTruthy();
    await user.click(within(zones).getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(shownTime()).toBe('1 Jan 2024, 09:00 am'));
    expect(sent('/users/updateProfile/')).toEqual([{ time_zone: 'Asia/Tokyo' }]);
    expect(await screen.findByText(authMessages.profileSaved)).toBeTruthy();

    const browser = new Intl.DateTimeFormat('en-IN', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(NEW_YEAR_UTC));
    await user.selectOptions(screen.getByLabelText('Show times in'), '');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(shownTime()).toBe(browser));
    expect(sent('/users/updateProfile/')).toEqual([{ time_zone: 'Asia/Tokyo' }, { time_zone: null }]);
  });

  it('lets an admin turn the weekly report off and on again; a member is not offered it', async () => {
    const user = userEvent.setup();
    const { sent } = setUp(userWithRole('admin', { weekly_digest: true }));
    const weekly = within(section('Weekly report')).getByLabelText(
      'Mail me the weekly report on Monday mornings',
    );
    expect((weekly as HTMLInputElement).checked).toBe(true);
    await user.click(weekly);
    await waitFor(() => expect((weekly as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect(sent('/users/updateProfile/')).toEqual([{ weekly_digest: false }]));
    await user.click(weekly);
    await waitFor(() =>
      expect(sent('/users/updateProfile/')).toEqual([{ weekly_digest: false }, { weekly_digest: true }]),
    );
  });

  it('offers the weekly report to owners and admins only', () => {
    setUp(userWithRole('member'));
    expect(screen.queryByRole('region', { name: 'Weekly report' })).toBeNull();
  });

  it('changes the password, says a wrong current password under its field, and empties the form after', async () => {
    const user = userEvent.setup();
    let wrong = true;
    const { sent } = setUp(userWithRole('admin'), (path) => {
      if (path !== '/users/changePassword/') return jsonResponse(404, { message: 'nope' });
      if (wrong) return jsonResponse(400, { message: authMessages.currentPasswordWrong });
      return jsonResponse(200, { success: true, message: authMessages.passwordUpdated });
    });
    const password = section('Password');
    const field = (label: string) => within(password).getByLabelText(label) as HTMLInputElement;
    const submit = within(password).getByRole('button', { name: 'Change password' });

    await user.type(field('Current password'), 'Old!Pass1');
    await user.type(field('New password'), 'New!Pass1');
    await user.type(field('Confirm new password'), 'New!Pass2');
    await user.click(submit);
    expect(within(password).getByText(authMessages.passwordsDiffer)).toBeTruthy();
    expect(sent('/users/changePassword/')).toEqual([]);

    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'New!Pass1');
    await user.click(submit);
    expect(await within(password).findByText(authMessages.currentPasswordWrong)).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(field('New password').value).toBe('New!Pass1');

    wrong = false;
    await user.clear(field('Current password'));
    await user.type(field('Current password'), 'Right!Pass1');
    await user.click(submit);
    expect(await screen.findByText(authMessages.passwordUpdated)).toBeTruthy();
    expect(sent('/users/changePassword/')).toEqual([
      { current_password: 'Old!Pass1', password1: 'New!Pass1', password2: 'New!Pass1' },
      { current_password: 'Right!Pass1', password1: 'New!Pass1', password2: 'New!Pass1' },
    ]);
    expect(
      [field('Current password'), field('New password'), field('Confirm new password')].map((f) => f.value),
    ).toEqual(['', '', '']);
  });

  it('offers no password form to an account that signs in only with Google', () => {
    setUp(userWithRole('member', { has_password: false, google_linked: true }));
    expect(within(section('Password')).getByText(authMessages.noPassword)).toBeTruthy();
    expect(within(section('Password')).queryByRole('button')).toBeNull();
  });
});

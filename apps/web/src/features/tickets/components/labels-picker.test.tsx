import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, TicketLabel } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, sentBody, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { LabelsPicker } from './labels-picker';

const URGENT = { id: 1, name: 'Urgent', colour: '#d32f2f' };
const BILLING = { id: 2, name: 'Billing', colour: '#1976d2' };

const user = (role: AuthUser['role']): AuthUser => ({
  id: 7,
  email: 'mia@example.com',
  first_name: 'Mia',
  last_name: 'Lee',
  role,
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
});

function renderPicker(role: AuthUser['role'], labels: TicketLabel[], applied: TicketLabel[] = []) {
  const sent: [string, unknown][] = [];
  stubFetch((path, init) => {
    sent.push([path, sentBody(init)]);
    if (path === '/org/getLabels/') return jsonResponse(200, labels);
    if (path === '/org/setTicketLabels/')
      return jsonResponse(200, { success: true, message: 'Labels set', ticket: makeTicket(1) });
    return jsonResponse(404, { message: `unexpected ${path}` });
  });
  render(
    <AppProviders>
      <AuthUserProvider user={user(role)}>
        <LabelsPicker ticket={makeTicket(1, { labels: applied })} />
      </AuthUserProvider>
    </AppProviders>,
  );
  return sent;
}

describe('LabelsPicker', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('shows only the applied labels as chips; a chip takes its label off', async () => {
    const sent = renderPicker('member', [URGENT, BILLING], [URGENT, BILLING]);
    const chips = screen.getByRole('list', { name: 'Labels' });
    expect(chips.textContent).toContain('Urgent');
    await userEvent.click(screen.getByRole('button', { name: 'Remove label Urgent' }));
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/setTicketLabels/', { ticket_id: 1, label_ids: [2] }]),
    );
  });

  it('searches the labels and toggles the active one with Enter; Escape closes the list', async () => {
    const sent = renderPicker('member', [URGENT, BILLING], [URGENT]);
    await userEvent.click(screen.getByRole('button', { name: 'Add label' }));
    const search = screen.getByRole('combobox', { name: 'Search labels' });
    expect(document.activeElement).toBe(search);
    await screen.findByRole('option', { name: 'Billing' });
    expect(screen.getByRole('option', { name: 'Urgent' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.type(search, 'zzz');
    expect(screen.getByText(/No label matches\./)).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/setTicketLabels/', { ticket_id: 1, label_ids: [1, 2] }]),
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('offers Manage labels to admins only, and tells a member who creates labels', async () => {
    renderPicker('member', []);
    await userEvent.click(screen.getByRole('button', { name: 'Add label' }));
    expect(await screen.findByText(/Only admins and owners can add and change labels\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage labels' })).toBeNull();
  });

  it('lets an admin manage the labels, with no word on who may', async () => {
    renderPicker('admin', []);
    expect(screen.getByRole('button', { name: 'Manage labels' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add label' }));
    expect(await screen.findByText(/No labels yet\./)).toBeTruthy();
    expect(screen.queryByText(/Only admins/)).toBeNull();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { ToastHost } from '@/shared/ui/toast';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, sentBody, stubFetch } from '@/testing/render-routes';
import { TicketNotes } from './ticket-notes';

const ME: AuthUser = {
  id: 7,
  email: 'mia@example.com',
  first_name: 'Mia',
  last_name: 'Lee',
  role: 'member',
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
};

const member = (id: number, first_name: string, last_name: string) => ({
  id,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_name,
  role: 'member',
  agent_id: null,
  joined_at: '2024-01-01T00:00:00Z',
});

function server() {
  const sent: [string, unknown][] = [];
  stubFetch((path, init) => {
    sent.push([path, sentBody(init)]);
    if (path === '/org/members/')
      return jsonResponse(200, {
        members: [member(7, 'Mia', 'Lee'), member(8, 'Ravi', 'Shah'), member(9, 'Rani', 'Iyer')],
        invitations: [],
      });
    if (path === '/org/addTicketNote/')
      return jsonResponse(201, {
        success: true,
        message: 'Note added',
        note: { id: 1, author_name: 'Mia Lee', body: 'x', created_at: '2024-03-01T09:00:00Z' },
      });
    return jsonResponse(404, { message: `unexpected ${path}` });
  });
  return sent;
}

const field = () => screen.getByRole('combobox', { name: 'New internal note' }) as HTMLTextAreaElement;

function renderNotes() {
  return render(
    <AppProviders>
      <AuthUserProvider user={ME}>
        <TicketNotes ticketId={4} notes={[]} />
      </AuthUserProvider>
      <ToastHost />
    </AppProviders>,
  );
}

describe('TicketNotes mentions', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('offers the members on @, searches them, inserts @Name with the keyboard and sends the mention', async () => {
    const sent = server();
    const user = userEvent.setup();
    renderNotes();
    expect(field().getAttribute('aria-expanded')).toBe('false');
    await user.type(field(), 'Please check @ra');
    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Ravi Shah', 'Rani Iyer']),
    );
    expect(field().getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[0]?.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field().value).toBe('Please check @Rani Iyer ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(field(), 'today');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    // The note goes out after the form's own checks: more than waitFor's default second on a loaded CI run.
    await waitFor(
      () =>
        expect(sent).toContainEqual([
          '/org/addTicketNote/',
          { ticket_id: 4, body: 'Please check @Rani Iyer today', mentions: [9] },
        ]),
      { timeout: 5_000 },
    );
  });

  it('closes the list with Escape, says when nobody matches, and sends no mention that was deleted', async () => {
    const sent = server();
    const user = userEvent.setup();
    renderNotes();
    await user.type(field(), '@zz');
    expect(await screen.findByText('No member matches.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.clear(field());
    await user.type(field(), '@rav');
    await user.click(await screen.findByRole('option', { name: 'Ravi Shah' }));
    expect(field().value).toBe('@Ravi Shah ');
    await user.clear(field());
    await user.type(field(), 'No mention after all');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(sent).toContainEqual(['/org/addTicketNote/', { ticket_id: 4, body: 'No mention after all' }]),
    );
  });
});

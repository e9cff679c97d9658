import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, TicketDetailsResponse } from '@wadesk/contract';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { replyDrafts, unsentReplies } from '@/shared/storage/reply-drafts';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse, renderRoutes, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { ConversationModal } from './conversation-modal';

const ME: AuthUser = {
  id: 7,
  email: 'asha@example.com',
  first_name: 'Asha',
  last_name: 'Rao',
  role: 'member',
  organisation_id: 1,
  email_verified: true,
  google_linked: false,
};
const TICKET = makeTicket(1, { customer: 'Meera' });

function Screen() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open again
      </button>
      <ConversationModal ticket={open ? TICKET : null} onClose={() => setOpen(false)} />
    </>
  );
}

function render() {
  const details: TicketDetailsResponse = { ticket: TICKET, conversations: [], notes: [] };
  stubFetch((path) => {
    if (path === '/org/getTicketsDetails/') return jsonResponse(200, details);
    if (path === '/org/members/') return jsonResponse(200, { members: [], invitations: [] });
    if (path === '/org/getLabels/') return jsonResponse(200, []);
    return jsonResponse(404, { message: `unexpected ${path}` });
  });
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <AuthUserProvider user={ME}>
            <Screen />
          </AuthUserProvider>
        ),
      },
    ],
    '/dashboard',
  );
}

const conversation = () => screen.queryByRole('dialog', { name: 'Meera' });
const replyField = () =>
  within(conversation() as HTMLElement).getByRole('combobox', {
    name: 'Reply to the customer',
  }) as HTMLTextAreaElement;

describe('closing the conversation with a reply typed', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));
  afterEach(() => unsentReplies.clear());

  it('closes at once when nothing is typed', async () => {
    render();
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Meera' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(conversation()).toBeNull());
  });

  it('asks on Escape instead of throwing the reply away; kept as a draft, it is back on opening', async () => {
    render();
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'Meera' });
    await user.type(replyField(), 'Your parcel left today');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your unsent reply?' });
    // The safe choice has the focus: Enter keeps writing.
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep writing' }));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard your unsent reply?' })).toBeNull(),
    );
    expect(replyField().value).toBe('Your parcel left today');

    await user.click(within(conversation() as HTMLElement).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Keep as draft' }));
    await waitFor(() => expect(conversation()).toBeNull());
    expect(replyDrafts.get(7, 1)).toBe('Your parcel left today');

    await user.click(screen.getByRole('button', { name: 'Open again' }));
    await screen.findByRole('dialog', { name: 'Meera' });
    expect(replyField().value).toBe('Your parcel left today');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(conversation()).toBeNull());
    expect(replyDrafts.get(7, 1)).toBe('');
  });
});

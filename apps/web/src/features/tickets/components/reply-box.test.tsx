import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, CannedReply } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { unsentReplies } from '@/shared/storage/reply-drafts';
import { tokenStorage } from '@/shared/storage/storage';
import { ToastHost } from '@/shared/ui/toast';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, sentBody, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { ReplyBox } from './reply-box';

const CANNED: CannedReply[] = [
  { id: 1, shortcut: 'address', body: 'We are at Main Street 1.' },
  { id: 2, shortcut: 'thanks', body: 'Thank you for your patience!' },
  { id: 3, shortcut: 'hours', body: 'We open at 9 every day.' },
  { id: 4, shortcut: 'greet', body: 'Hi {customer_name}, {agent_name} here about {ticket}.' },
];

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

function server(
  reply: (body: { ticket_id: number; text: string }) => Response = () =>
    jsonResponse(200, {
      ticket_id: 1,
      wa_id: '3EB0AA',
      quoted_wa_id: '3EB0BB',
      text: 'sent',
      sent_at: '2026-11-24T10:00:00.000Z',
    }),
) {
  return stubFetch((path, init) => {
    if (path === '/org/getCannedReplies/') return jsonResponse(200, CANNED);
    if (path === '/org/replyToTicket/') return reply(sentBody(init) as { ticket_id: number; text: string });
    return jsonResponse(404, { message: `unexpected ${path}` });
  });
}

function renderBox(status: 'open' | 'close' = 'open', role: AuthUser['role'] = 'member', userId = 7) {
  return render(
    <AppProviders>
      <AuthUserProvider user={{ ...user(role), id: userId }}>
        <ReplyBox ticket={makeTicket(1, { status })} />
      </AuthUserProvider>
      <ToastHost />
    </AppProviders>,
  );
}

const field = () => screen.getByRole('combobox', { name: 'Reply to the customer' });

describe('ReplyBox', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('sends the trimmed reply with Ctrl+Enter and clears the field', async () => {
    const fetchMock = server();
    renderBox();
    await userEvent.type(field(), '  It ships today.  ');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect((field() as HTMLTextAreaElement).value).toBe(''));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/org/replyToTicket/');
    expect(sentBody(call?.[1])).toEqual({ ticket_id: 1, text: 'It ships today.' });
    expect(await screen.findByText('Reply sent.')).toBeTruthy();
  });

  it("shows the server's reason when sending fails, and keeps the text", async () => {
    const reason = "This ticket's WhatsApp session is not connected.";
    server(() => jsonResponse(409, { message: reason }));
    renderBox();
    await userEvent.type(field(), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    expect((field() as HTMLTextAreaElement).value).toBe('Hello');
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it('opens the canned replies on / at the start, filters them, and inserts one with the keyboard', async () => {
    server();
    renderBox();
    expect(field().getAttribute('aria-expanded')).toBe('false');
    await userEvent.type(field(), '/h');
    const list = await screen.findByRole('listbox', { name: 'Canned replies' });
    expect(field().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['/hoursWe open at 9 every day.', '/thanksThank you for your patience!']),
    );
    const first = within(list).getAllByRole('option')[0];
    expect(field().getAttribute('aria-activedescendant')).toBe(first?.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { selected: true }).textContent).toContain('/thanks');
    await userEvent.keyboard('{Enter}');
    expect((field() as HTMLTextAreaElement).value).toBe('Thank you for your patience!');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes the picker with Escape and inserts a clicked option', async () => {
    server();
    renderBox();
    await userEvent.type(field(), '/');
    await screen.findByRole('option', { name: /address/ });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(field(), 'a');
    await userEvent.click(await screen.findByRole('option', { name: /address/ }));
    expect((field() as HTMLTextAreaElement).value).toBe('We are at Main Street 1.');
    expect(document.activeElement).toBe(field());
  });

  it('does not open for a slash later in the text, and a closed ticket cannot be answered', async () => {
    server();
    const { unmount } = renderBox();
    await userEvent.type(field(), 'see /thanks');
    expect(screen.queryByRole('listbox')).toBeNull();
    unmount();
    renderBox('close');
    expect((field() as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets members read the canned replies and admins change them', async () => {
    server();
    const { unmount } = renderBox('open', 'member');
    await userEvent.click(screen.getByRole('button', { name: 'Canned replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Canned replies' });
    expect(await within(dialog).findByText('/thanks')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete /thanks' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Add canned reply' })).toBeNull();
    expect(
      within(dialog).getByText('Only admins and owners can add and change canned replies.'),
    ).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    server();
    renderBox('open', 'admin');
    await userEvent.click(screen.getByRole('button', { name: 'Canned replies' }));
    const adminDialog = await screen.findByRole('dialog', { name: 'Canned replies' });
    expect(await within(adminDialog).findByRole('button', { name: 'Delete /thanks' })).toBeTruthy();
    expect(within(adminDialog).getByRole('button', { name: 'Add canned reply' })).toBeTruthy();
    expect(within(adminDialog).queryByText(/^Only admins/)).toBeNull();
  });

  it('fills the variables of a canned reply: the customer, the signed-in member and the ticket', async () => {
    server();
    renderBox();
    await userEvent.type(field(), '/greet');
    await screen.findByRole('option', { name: /greet/ });
    await userEvent.keyboard('{Enter}');
    expect((field() as HTMLTextAreaElement).value).toBe('Hi Customer 1, Mia Lee here about #1.');
  });

  describe('drafts', () => {
    it('keeps the typed reply for this member and ticket across closing and a reload', async () => {
      server();
      const { unmount } = renderBox();
      await userEvent.type(field(), 'Your refund is on');
      expect(unsentReplies.has(1)).toBe(true);
      expect(localStorage.getItem('replyDraft:7:1')).toBe('Your refund is on');
      // Closing the conversation (and a reload, which only has what storage kept).
      unmount();
      expect(unsentReplies.has(1)).toBe(false);
      renderBox();
      expect((field() as HTMLTextAreaElement).value).toBe('Your refund is on');
      expect(unsentReplies.has(1)).toBe(true);
    });

    it("never shows another member's draft", async () => {
      server();
      const { unmount } = renderBox();
      await userEvent.type(field(), 'Mine only');
      unmount();
      renderBox('open', 'member', 8);
      expect((field() as HTMLTextAreaElement).value).toBe('');
      expect(localStorage.getItem('replyDraft:7:1')).toBe('Mine only');
    });

    it('is forgotten when the answer comes after another ticket was opened', async () => {
      let answer: (response: Response) => void = () => {};
      const fetchMock = stubFetch((path) => {
        if (path === '/org/replyToTicket/') return new Promise<Response>((resolve) => (answer = resolve));
        return jsonResponse(404, { message: `unexpected ${path}` });
      });
      const box = (id: number) => (
        <AppProviders>
          <AuthUserProvider user={user('member')}>
            <ReplyBox key={id} ticket={makeTicket(id)} />
          </AuthUserProvider>
        </AppProviders>
      );
      const { rerender } = render(box(1));
      await userEvent.type(field(), 'Sent, then away');
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      // Another ticket opens (the inbox's next ticket) while the reply is on its way: ticket 1's box unmounts.
      rerender(box(2));
      expect(localStorage.getItem('replyDraft:7:1')).toBe('Sent, then away');
      answer(
        jsonResponse(200, {
          ticket_id: 1,
          wa_id: '3EB0AA',
          quoted_wa_id: '3EB0BB',
          text: 'Sent, then away',
          sent_at: '2026-11-24T10:00:00.000Z',
        }),
      );
      await waitFor(() => expect(localStorage.getItem('replyDraft:7:1')).toBeNull());
      rerender(box(1));
      expect((field() as HTMLTextAreaElement).value).toBe('');
    });

    it('keeps what was typed while the reply was being sent', async () => {
      let answer: (response: Response) => void = () => {};
      stubFetch((path) => {
        if (path === '/org/replyToTicket/') return new Promise<Response>((resolve) => (answer = resolve));
        return jsonResponse(404, { message: `unexpected ${path}` });
      });
      renderBox();
      await userEvent.type(field(), 'First part');
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      await userEvent.type(field(), ', and more');
      answer(
        jsonResponse(200, {
          ticket_id: 1,
          wa_id: '3EB0AA',
          quoted_wa_id: '3EB0BB',
          text: 'First part',
          sent_at: '2026-11-24T10:00:00.000Z',
        }),
      );
      expect(await screen.findByText('Reply sent.')).toBeTruthy();
      expect((field() as HTMLTextAreaElement).value).toBe('First part, and more');
      expect(localStorage.getItem('replyDraft:7:1')).toBe('First part, and more');
    });

    it('is forgotten once the reply is sent, and kept when sending fails', async () => {
      server();
      const { unmount } = renderBox();
      await userEvent.type(field(), 'Sent soon');
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      await waitFor(() => expect((field() as HTMLTextAreaElement).value).toBe(''));
      expect(localStorage.getItem('replyDraft:7:1')).toBeNull();
      expect(unsentReplies.has(1)).toBe(false);
      unmount();
      vi.unstubAllGlobals();
      server(() => jsonResponse(409, { message: 'The session is not connected.' }));
      renderBox();
      await userEvent.type(field(), 'Not yet');
      await userEvent.keyboard('{Control>}{Enter}{/Control}');
      await screen.findByRole('alert');
      expect(localStorage.getItem('replyDraft:7:1')).toBe('Not yet');
    });
  });
});

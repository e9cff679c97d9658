import { act, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser, ConversationMessage, PollState, TicketDetailsResponse } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { makePoll, voter } from '@/testing/poll-fixtures';
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
const QUESTION = 'How would you rate our help?';

const message = (id: number, extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id,
  sender: '+919876540001',
  sender_name: 'Meera',
  is_business: false,
  message: `message ${id}`,
  wa_id: `WA${id}`,
  created_at: '2024-03-01T08:00:00Z',
  reply: null,
  poll: null,
  ...extra,
});

const rating = (good: number) =>
  makePoll(
    {
      Good: [voter('Meera', '919876540001'), voter('Ravi', '919876540002')].slice(0, good),
      Poor: [],
    },
    { question: QUESTION },
  );

function show(conversations: () => ConversationMessage[]) {
  stubEventSource();
  stubFetch((path) => {
    if (path === '/org/getTicketsDetails/') {
      const details: TicketDetailsResponse = { ticket: TICKET, conversations: conversations(), notes: [] };
      return jsonResponse(200, details);
    }
    if (path === '/events/stream-token/') return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
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
            <ConversationModal ticket={TICKET} onClose={() => {}} />
          </AuthUserProvider>
        ),
      },
    ],
    '/dashboard',
  );
}

const emit = (event: object) => act(() => FakeEventSource.current()?.emit(event));
const pollUpdated = (waId: string, poll: PollState) =>
  emit({ type: 'poll.updated', session_id: TICKET.session_id, group_id: TICKET.group_id, wa_id: waId, poll });
const goodVotes = () =>
  screen
    .getByRole('region', { name: `Poll: ${QUESTION}` })
    .querySelector('[data-poll-option="Good"] [data-votes]')?.textContent;

describe('polls in the ticket conversation', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('shows a poll with its counts, follows poll.updated, and keeps the text of messages without a poll', async () => {
    show(() => [
      message(1, { message: 'Thanks, it works now.' }),
      message(2, { is_business: true, sender_name: 'Asha Rao', message: QUESTION, poll: rating(1) }),
    ]);
    const poll = await screen.findByRole('region', { name: `Poll: ${QUESTION}` });
    expect(poll.closest('li')?.getAttribute('data-wa-id')).toBe('WA2');
    expect(goodVotes()).toBe('1 vote');
    expect(within(poll).getByText('Meera')).toBeTruthy();
    expect(screen.getAllByText(QUESTION)).toHaveLength(1);
    expect(screen.getByText('Thanks, it works now.')).toBeTruthy();

    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    pollUpdated('WA2', rating(2));
    await waitFor(() => expect(goodVotes()).toBe('2 votes'));
    expect(within(poll).getByText('Ravi')).toBeTruthy();
    // A poll of another message (or one not shown) leaves this one as it is.
    pollUpdated('WA9', rating(0));
    expect(goodVotes()).toBe('2 votes');
  });

  it('after the stream reconnects, shows the counts fetched again, not the last ones heard before', async () => {
    // Ravi withdrew his vote while the stream was down: the page fetched on `ready` knows, no event told.
    show(() => [message(2, { is_business: true, message: QUESTION, poll: rating(1) })]);
    await screen.findByRole('region', { name: `Poll: ${QUESTION}` });
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    pollUpdated('WA2', rating(2));
    await waitFor(() => expect(goodVotes()).toBe('2 votes'));
    emit({ type: 'ready' });
    await waitFor(() => expect(goodVotes()).toBe('1 vote'));
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser, ConversationMessage, ReplyState, TicketDetailsResponse } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthUserProvider } from '@/shared/account/auth-context';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
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

const reply = (extra: Partial<ReplyState> = {}): ReplyState => ({
  status: 'sent',
  ticket_id: 1,
  failure: null,
  failure_code: null,
  read_by: [],
  delivered_to: 0,
  recipients: 4,
  retried: false,
  ...extra,
});

const message = (id: number, extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id,
  sender: '+919876540001',
  sender_name: 'Meera',
  is_business: false,
  message: `message ${id}`,
  wa_id: `WA${id}`,
  created_at: '2024-03-01T08:00:00Z',
  reply: null,
  ...extra,
});

describe('the ticket conversation shows what became of desk replies', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it("draws each reply's ticks or refusal, and follows reply.status events", async () => {
    stubEventSource();
    const details: TicketDetailsResponse = {
      ticket: TICKET,
      conversations: [
        message(1, { message: 'Where is my order?' }),
        message(2, { is_business: true, sender_name: 'Asha Rao', message: 'On its way.', reply: reply() }),
        message(3, {
          is_business: true,
          sender_name: 'Asha Rao',
          message: 'Tracking number follows.',
          reply: reply({ status: 'failed', failure: 'Not sent: WhatsApp refused the message (error 479).' }),
        }),
      ],
      notes: [],
    };
    stubFetch((path) => {
      if (path === '/org/getTicketsDetails/') return jsonResponse(200, details);
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
    const bubble = (text: string) => screen.getByText(text).closest('li') as HTMLElement;
    await screen.findByText('On its way.');
    expect(within(bubble('On its way.')).getByText('Sent')).toBeTruthy();
    expect(within(bubble('Where is my order?')).queryByText('Sent')).toBeNull();
    const refused = bubble('Tracking number follows.');
    expect(within(refused).getByText('Not sent: WhatsApp refused the message (error 479).')).toBeTruthy();
    expect(within(refused).getByRole('button', { name: 'Retry' })).toBeTruthy();

    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    act(() =>
      FakeEventSource.current()?.emit({
        type: 'reply.status',
        session_id: TICKET.session_id,
        group_id: TICKET.group_id,
        wa_id: 'WA2',
        reply: reply({
          status: 'sent',
          delivered_to: 2,
          read_by: [{ name: 'Meera', number: '919876540001', at: '2024-03-01T08:05:00Z' }],
        }),
      }),
    );
    expect(await within(bubble('On its way.')).findByRole('button', { name: 'Read by 1' })).toBeTruthy();
  });
});

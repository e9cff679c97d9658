import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReplyState } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { message, openGroup, page, render, server } from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';

const reply = (extra: Partial<ReplyState> = {}): ReplyState => ({
  status: 'sent',
  ticket_id: 7,
  failure: null,
  failure_code: null,
  read_by: [],
  delivered_to: 0,
  recipients: 2,
  retried: false,
  ...extra,
});

describe('desk replies in the group chat', () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it("shows a reply's ticks and moves them with reply.status events, also for a reply shown later", async () => {
    stubEventSource();
    const desk = message({ from_me: true, author: null, body: 'It ships today.', id: 'R1', reply: reply() });
    server({
      messages: () => page([message({ body: 'Where is it?' }), desk], { has_more_before: false }),
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    const bubble = (await screen.findByText('It ships today.')).closest('article') as HTMLElement;
    expect(within(bubble).getByText('Sent')).toBeTruthy();
    // Nothing on the customer's message.
    const other = screen.getByText('Where is it?').closest('article') as HTMLElement;
    expect(other.querySelector('[data-reply-status]')).toBeNull();

    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());
    const status = (waId: string, state: ReplyState) =>
      act(() =>
        FakeEventSource.current()?.emit({
          type: 'reply.status',
          session_id: 's1',
          group_id: 'g1@g.us',
          wa_id: waId,
          reply: state,
        }),
      );
    const readers = [
      { name: 'Ravi Kumar', number: '919800000001', at: '2026-11-28T10:00:00.000Z' },
      { name: 'Asha', number: '919800000002', at: '2026-11-28T10:01:00.000Z' },
    ];
    status('R1', reply({ status: 'read', delivered_to: 2, read_by: readers }));
    expect(await within(bubble).findByText('Read')).toBeTruthy();
    // Found by role once the list shows its items (render() in chat-screen-fixtures).
    expect(await within(bubble).findByRole('button', { name: 'Read by 2' })).toBeTruthy();
    // An older state told later does not take it back.
    status('R1', reply({ status: 'delivered', delivered_to: 2 }));
    expect(within(bubble).getByText('Read')).toBeTruthy();

    // A reply whose state is told before its message arrives shows it when it does.
    status('R2', reply({ status: 'failed', failure: 'Not sent: WhatsApp refused the message (error 479).' }));
    act(() =>
      FakeEventSource.current()?.emit({
        type: 'messages.new',
        session_id: 's1',
        group_id: 'g1@g.us',
        messages: [message({ from_me: true, author: null, body: 'Second reply', id: 'R2' })],
      }),
    );
    const second = (await screen.findByText('Second reply')).closest('article') as HTMLElement;
    expect(within(second).getByText('Not sent: WhatsApp refused the message (error 479).')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('sends a refused message the composer wrote (no ticket) again with Retry', async () => {
    stubEventSource();
    const refused = reply({
      status: 'failed',
      ticket_id: null,
      failure: 'Not sent: WhatsApp refused the message.',
    });
    const retried: unknown[] = [];
    server({
      messages: () =>
        page([message({ from_me: true, author: null, body: 'Hello all', id: 'C1', reply: refused })]),
      other: (path, body) => {
        if (path !== '/api/retryGroupMessage/') return undefined;
        retried.push(body);
        return new Response(
          JSON.stringify({
            session_id: 's1',
            group_id: 'g1@g.us',
            wa_id: 'C2',
            kind: 'text',
            sent_at: '2026-11-28T10:00:00.000Z',
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const user = userEvent.setup();
    render();
    await openGroup(user, /Pune Support/);
    const bubble = (await screen.findByText('Hello all')).closest('article') as HTMLElement;
    await user.click(await within(bubble).findByRole('button', { name: 'Retry' }));
    expect(await within(bubble).findByText('Sent again')).toBeTruthy();
    expect(retried).toEqual([{ wa_id: 'C1' }]);
  });
});

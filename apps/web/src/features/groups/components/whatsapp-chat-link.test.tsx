import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { message, page, render, server } from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';

describe("WhatsappChatScreen opened from a ticket's link", () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('opens the group, pages back quietly to the message and highlights it', async () => {
    const target = message({ id: 'TICKET1', body: 'the first message of the ticket' });
    const older = [target, message()];
    const newest = [message(), message()];
    const asked: Record<string, unknown>[] = [];
    server({
      messages: (body) => {
        asked.push(body);
        return body.msg_type === 'prev' ? page(older) : page(newest);
      },
    });
    const { router } = render('/whatsapp-chat?session=s1&group=g2%40g.us&message=TICKET1');
    const bubble = await screen.findByText('the first message of the ticket');
    const row = bubble.closest('[data-msg-id]');
    await waitFor(() => expect(row?.getAttribute('data-highlighted')).toBe('true'));
    expect(asked.map((body) => [body.group_id, body.msg_type ?? 'latest'])).toEqual([
      ['g2@g.us', 'latest'],
      ['g2@g.us', 'prev'],
    ]);
    // The link is used once: the address goes back to the plain page.
    expect(router.state.location.search).toBe('');
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('stops after a bounded number of pages and says the message is not stored', async () => {
    let asked = 0;
    server({
      messages: () => {
        asked += 1;
        return page([message()], { has_more_before: true });
      },
    });
    render('/whatsapp-chat?session=s1&group=g1%40g.us&message=NOPE');
    expect(
      // 21 pages one after another: more than findByText's default second on a loaded CI machine.
      await screen.findByText(
        "The ticket's first message is not among this group's stored messages.",
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(asked).toBe(21);
  });
});

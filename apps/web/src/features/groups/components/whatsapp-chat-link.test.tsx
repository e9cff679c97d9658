import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { message, page, render, server } from '@/features/groups/testing/chat-screen-fixtures';
import { tokenStorage } from '@/shared/storage/storage';
import { jsonResponse } from '@/testing/render-routes';

describe("WhatsappChatScreen opened from a ticket's link", () => {
  beforeEach(() => {
    tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' });
  });

  it('opens the group, loads the page around the message and highlights it', async () => {
    const target = message({ id: 'TICKET1', body: 'the first message of the ticket' });
    const older = [target, message()];
    const newest = [message(), message()];
    const asked: Record<string, unknown>[] = [];
    server({
      messages: (body) => {
        asked.push(body);
        // The group holds no more: the list loads nothing else by itself.
        return page(body.msg_type === 'around' ? older : newest, { has_more_before: false });
      },
    });
    const { router } = render('/whatsapp-chat?session=s1&group=g2%40g.us&message=TICKET1');
    const bubble = await screen.findByText('the first message of the ticket');
    const row = bubble.closest('[data-msg-id]');
    await waitFor(() => expect(row?.getAttribute('data-highlighted')).toBe('true'));
    expect(asked.map((body) => [body.group_id, body.msg_type ?? 'latest'])).toEqual([
      ['g2@g.us', 'latest'],
      ['g2@g.us', 'around'],
    ]);
    // The link is used once: the address goes back to the plain page.
    expect(router.state.location.search).toBe('');
    expect(document.querySelector('.Toastify__toast')).toBeNull();
  });

  it('says the message is not stored when the page around it is refused', async () => {
    const asked: unknown[] = [];
    server({
      messages: (body) => {
        asked.push(body.msg_type ?? 'latest');
        return body.msg_type === 'around'
          ? jsonResponse(404, { message: 'Message not found' })
          : page([message()], { has_more_before: true });
      },
    });
    render('/whatsapp-chat?session=s1&group=g1%40g.us&message=NOPE');
    expect(
      await screen.findByText("The ticket's first message is not among this group's stored messages."),
    ).toBeTruthy();
    expect(asked).toEqual(['latest', 'around']);
  });
});

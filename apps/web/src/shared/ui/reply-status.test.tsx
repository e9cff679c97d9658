import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReplyState } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { laterReplyState } from '@/shared/events/use-live-reply-states';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, sentBody, stubFetch } from '@/testing/render-routes';
import { REPLY_STATUS_TEXT, ReplyStatus } from './reply-status';
import { ToastHost } from './toast';

const state = (extra: Partial<ReplyState> = {}): ReplyState => ({
  status: 'sent',
  ticket_id: 4,
  failure: null,
  failure_code: null,
  read_by: [],
  delivered_to: 0,
  recipients: 3,
  retried: false,
  ...extra,
});

const show = (reply: ReplyState) =>
  render(
    <AppProviders>
      <ReplyStatus state={reply} waId="3EB0AA" />
      <ToastHost />
    </AppProviders>,
  );

describe('ReplyStatus', () => {
  it('shows the ticks WhatsApp shows: a clock, one grey tick, two grey, two blue', () => {
    for (const status of ['pending', 'sent', 'delivered', 'read'] as const) {
      const { container, unmount } = show(state({ status }));
      expect(screen.getByText(REPLY_STATUS_TEXT[status])).toBeTruthy();
      const tick = container.querySelector('[data-tick]');
      expect(tick?.getAttribute('data-tick')).toBe(status);
      expect(tick?.querySelector('svg')?.getAttribute('class')).toContain(
        status === 'read' ? 'text-sky-600' : 'text-slate-500',
      );
      unmount();
    }
  });

  it('names who read a group reply on tap, and closes with Escape', async () => {
    const user = userEvent.setup();
    show(
      state({
        status: 'delivered',
        delivered_to: 3,
        read_by: [
          { name: 'Carla', number: '4915112345678', at: '2026-11-28T10:00:00.000Z' },
          { name: null, number: '4915112345679', at: '2026-11-28T10:05:00.000Z' },
        ],
      }),
    );
    const button = screen.getByRole('button', { name: 'Read by 2' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Carla')).toBeTruthy();
    expect(screen.getByText('+49 1511 2345679')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Carla')).toBeNull();
  });

  it('says why a refused reply was not sent, and Retry sends it again once', async () => {
    const calls: unknown[] = [];
    stubFetch((path, init) => {
      if (path !== '/org/retryReply/') return jsonResponse(404, { message: 'unexpected' });
      calls.push(sentBody(init));
      return jsonResponse(200, {
        ticket_id: 4,
        wa_id: '3EB0BB',
        quoted_wa_id: '3EB0CC',
        text: 'It ships today.',
        sent_at: '2026-11-28T10:00:00.000Z',
      });
    });
    const user = userEvent.setup();
    const failure = 'Not sent: only group admins can send messages in this group.';
    show(state({ status: 'failed', failure }));
    expect(screen.getByText(failure)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: REPLY_STATUS_TEXT.retry }));
    await waitFor(() => expect(screen.getByText(REPLY_STATUS_TEXT.retried)).toBeTruthy());
    expect(calls).toEqual([{ ticket_id: 4, wa_id: '3EB0AA' }]);
    expect(screen.queryByRole('button', { name: REPLY_STATUS_TEXT.retry })).toBeNull();
    expect(await screen.findByText(REPLY_STATUS_TEXT.retriedToast)).toBeTruthy();
  });

  it('offers no Retry for a reply sent again already; one with no ticket is sent again into its group', () => {
    const { unmount } = show(state({ status: 'failed', retried: true }));
    expect(screen.getByText(REPLY_STATUS_TEXT.refused)).toBeTruthy();
    expect(screen.getByText(REPLY_STATUS_TEXT.retried)).toBeTruthy();
    expect(screen.queryByRole('button', { name: REPLY_STATUS_TEXT.retry })).toBeNull();
    unmount();
    // The group composer's messages (decision 0024), and replies whose ticket is gone: POST /api/retryGroupMessage/.
    show(state({ status: 'failed', ticket_id: null }));
    expect(screen.getByRole('button', { name: REPLY_STATUS_TEXT.retry })).toBeTruthy();
  });
});

describe('laterReplyState', () => {
  it('keeps the state that went further, whichever arrived last', () => {
    const sent = state({ status: 'sent' });
    const read = state({ status: 'read', read_by: [{ name: 'A', number: null, at: 'x' }] });
    expect(laterReplyState(read, sent)).toBe(read);
    expect(laterReplyState(sent, read)).toBe(read);
    const oneReader = state({ status: 'sent', read_by: [{ name: 'A', number: null, at: 'x' }] });
    expect(laterReplyState(oneReader, sent)).toBe(oneReader);
    expect(laterReplyState(null, sent)).toBe(sent);
    expect(laterReplyState(state({ status: 'failed' }), read)?.status).toBe('failed');
  });
});

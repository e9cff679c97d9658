import type { GroupMessagesResponse } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { message } from '@/features/groups/testing/chat-screen-fixtures';
import { appendMessages } from '@/features/groups/utils/message-window';
import { applyAnswer, INITIAL } from './use-group-messages';

const answer = (extra: Partial<GroupMessagesResponse>): GroupMessagesResponse => ({
  success: true,
  messages: [],
  has_more_before: false,
  has_more_after: false,
  history_pending: false,
  history_note: null,
  ...extra,
});
const body = { session_id: 's1', group_id: 'g1@g.us' };
const bodies = (state: { messages: { body: string }[] }) => state.messages.map((m) => m.body);

describe('applyAnswer', () => {
  // A history event asks for the newest page again; the server read it before a live message was stored,
  // and the page arrives after that message did.
  it('keeps live messages that came while the newest page was on its way', () => {
    const before = message({ body: 'before' });
    const live = message({ body: 'arrived meanwhile' });
    const shown = appendMessages({ ...INITIAL, status: 'ready' as const, messages: [before] }, [live], true);
    const next = applyAnswer(shown, 'latest', answer({ messages: [before] }), body, 1, false, {
      messages: [live],
      updates: [],
    });
    expect(bodies(next)).toEqual(['before', 'arrived meanwhile']);
    // Once the page holds it, it is there once.
    const again = applyAnswer(shown, 'latest', answer({ messages: [before, live] }), body, 2, false, {
      messages: [live],
      updates: [],
    });
    expect(bodies(again)).toEqual(['before', 'arrived meanwhile']);
  });

  it('makes again a reaction or delete that came while the page was on its way', () => {
    const before = message({ body: 'before' });
    const deleted = {
      type: 'message.updated' as const,
      session_id: 's1',
      group_id: 'g1@g.us',
      id: before.id,
    };
    const next = applyAnswer(INITIAL, 'latest', answer({ messages: [before] }), body, 1, false, {
      messages: [],
      updates: [{ ...deleted, deleted: { revoked_by: null, deleted_at: 9 } }],
    });
    expect(next.messages[0]?.deleted_at).toBe(9);
  });

  it('a page that does not end at the latest (a jump back in time) does not take them', () => {
    const old = message({ body: 'old' });
    const live = message({ body: 'arrived meanwhile' });
    const next = applyAnswer(
      INITIAL,
      'around',
      answer({ messages: [old], has_more_after: true }),
      { ...body, msg_type: 'around', msg_id: old.msg_id },
      1,
      false,
      { messages: [live], updates: [] },
    );
    expect(bodies(next)).toEqual(['old']);
    expect(next.atLatest).toBe(false);
  });

  // The event stream reconnecting (its `ready`) asks for the newest page again. A reader who scrolled back keeps
  // the older pages and their place: the window used to be replaced and drawn anew at its end (decision 0025).
  it('a catch-up after the stream reconnects keeps the older pages and appends what came meanwhile', () => {
    const older = message({ body: 'older', timestamp: 100 });
    const shown = message({ body: 'shown', timestamp: 200 });
    const missed = message({ body: 'missed', timestamp: 300 });
    const window = {
      ...appendMessages({ ...INITIAL, status: 'ready' as const }, [older, shown], true),
      generation: 3,
    };
    const edited = { ...shown, body: 'shown, edited' };
    const next = applyAnswer(window, 'catchup', answer({ messages: [edited, missed] }), body, 1, false);
    expect(bodies(next)).toEqual(['older', 'shown, edited', 'missed']);
    expect(next.generation).toBe(3);
    expect(next.firstIndex).toBe(window.firstIndex);
    expect(next.scroll).toBeNull();
    // More than a page came meanwhile: the gap cannot be joined, so the newest page replaces the window.
    const far = message({ body: 'far newer', timestamp: 900 });
    const gap = applyAnswer(
      window,
      'catchup',
      answer({ messages: [far], has_more_before: true }),
      body,
      2,
      false,
    );
    expect(bodies(gap)).toEqual(['far newer']);
    expect(gap.generation).toBe(4);
  });
});

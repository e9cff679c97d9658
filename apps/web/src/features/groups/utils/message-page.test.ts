import type { GroupMessage } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { applyMessageUpdate } from './message-page';

const base = (id: string, extra: Partial<GroupMessage> = {}): GroupMessage => ({
  msg_id: `false_g_${id}`,
  id,
  author: null,
  author_name: 'Asha',
  author_number: null,
  from_me: false,
  body: 'hello',
  has_media: false,
  message_type: 'chat',
  media_base64: null,
  mimetype: null,
  filename: null,
  has_quoted_msg: false,
  quoted_msg_id: null,
  quoted_msg: null,
  quoted_participant_name: null,
  timestamp: 1,
  ...extra,
});
const event = { type: 'message.updated' as const, session_id: 's', group_id: 'g' };

describe('applyMessageUpdate', () => {
  const shown = [base('A'), base('B')];

  it('replaces a shown message’s reactions, text or delete in place, and leaves the others alone', () => {
    const reactions = [{ emoji: '👍', count: 1, by: [{ name: 'Dan', number: null, from_me: false }] }];
    const reacted = applyMessageUpdate(shown, { ...event, id: 'B', reactions });
    expect(reacted[1]?.reactions).toEqual(reactions);
    expect(reacted[0]).toBe(shown[0]);

    const edits = [{ body: 'hello', replaced_at: 5 }];
    const edited = applyMessageUpdate(reacted, {
      ...event,
      id: 'B',
      edit: { body: 'hi', edited_at: 5, edits },
    });
    expect(edited[1]).toMatchObject({ body: 'hi', edited_at: 5, edits, reactions });

    const gone = applyMessageUpdate(edited, {
      ...event,
      id: 'B',
      deleted: { revoked_by: null, deleted_at: 9 },
    });
    expect(gone[1]).toMatchObject({
      message_type: 'revoked',
      body: '',
      deleted_at: 9,
      reactions: [],
      edits: [],
    });
    // An edit told after the delete does not bring the words back.
    expect(
      applyMessageUpdate(gone, { ...event, id: 'B', edit: { body: 'x', edited_at: 10, edits } })[1]?.body,
    ).toBe('');
  });

  it('answers the same list when the message is not shown', () => {
    expect(applyMessageUpdate(shown, { ...event, id: 'Z', reactions: [] })).toBe(shown);
  });
});

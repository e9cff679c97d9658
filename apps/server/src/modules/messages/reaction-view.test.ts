import { serverEvent } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { toServerEvent } from '../events/event-hub';
import { reactionViews, toReactions } from './reaction-view';
import type { StoredReaction } from './reactions.repository';

const at = (s: number) => new Date(s * 1000);
const stored = (reactor: string, emoji: string, s: number, extra: Partial<StoredReaction> = {}) => ({
  targetWaId: 'M1',
  reactor,
  reactorAlt: null,
  reactorName: null,
  fromMe: false,
  emoji,
  reactedAt: at(s),
  ...extra,
});

describe('reactionViews', () => {
  it('groups by emoji, the most used first (ties: first used), naming reactors from contacts, else their push name', () => {
    const views = reactionViews(
      [
        stored('4915100000001@s.whatsapp.net', '❤️', 1),
        stored('201234567890111@lid', '👍', 2, { reactorName: 'Pushed Name' }),
        stored('', '👍', 3, { fromMe: true }),
        stored('4915100000002@s.whatsapp.net', '🙏', 4),
      ],
      new Map([['201234567890111@lid', { name: null, altJid: '4915100000003@s.whatsapp.net' }]]),
      { phone: '4930000000000', jid: null, lid: null },
    );
    expect(toReactions(views.get('M1') ?? [])).toEqual([
      {
        emoji: '👍',
        count: 2,
        by: [
          { name: 'Pushed Name', number: '4915100000003', from_me: false },
          { name: null, number: '4930000000000', from_me: true },
        ],
      },
      { emoji: '❤️', count: 1, by: [{ name: null, number: '4915100000001', from_me: false }] },
      { emoji: '🙏', count: 1, by: [{ name: null, number: '4915100000002', from_me: false }] },
    ]);
  });

  it('goes out as a message.updated event the contract parses', () => {
    const views = reactionViews([stored('4915100000001@s.whatsapp.net', '👍', 1)], new Map(), null);
    const wire = toServerEvent('message.updated', {
      organisationId: 1,
      sessionId: 's',
      groupJid: 'g@g.us',
      waId: 'M1',
      reactions: views.get('M1') ?? [],
      edit: { body: 'new', editedAt: 5, edits: [{ body: 'old', replaced_at: 5 }] },
      deleted: { revokedBy: null, at: 9 },
    });
    expect(serverEvent.parse(wire)).toEqual({
      type: 'message.updated',
      session_id: 's',
      group_id: 'g@g.us',
      id: 'M1',
      reactions: [{ emoji: '👍', count: 1, by: [{ name: null, number: '4915100000001', from_me: false }] }],
      edit: { body: 'new', edited_at: 5, edits: [{ body: 'old', replaced_at: 5 }] },
      deleted: { revoked_by: null, deleted_at: 9 },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { chatCounts } from './chat-counts';
import type { ChatMessage } from './types';

const line = (author: string, content: string): ChatMessage => ({
  author,
  datetime: '01/01/2024, 10:00',
  content,
  has_attachment: false,
  media_type: null,
  date: '2024-01-01T10:00:00',
  has_captions: false,
  captions: '',
  attachment: null,
  omitted_media: null,
  edited: false,
  deleted: false,
});

const chat = (count: number, first: ChatMessage[] = []) => [
  ...first,
  ...Array.from({ length: count - first.length }, (_, i) => line(i % 2 ? 'Ana' : 'Ben', `hi ${i}`)),
];

describe('chatCounts', () => {
  it('counts members’ messages and system notices apart', () => {
    const messages = [
      line('system', 'Ana created group "Trip"'),
      line('Ana', 'hello'),
      line('system', "Ben joined using this group's invite link"),
      line('Ben', 'hi'),
      line('Ben', ''),
    ];
    expect(chatCounts(messages, { withMedia: false })).toEqual({
      messages: 3,
      systemNotices: 2,
      likelyCut: false,
    });
  });

  it('calls an export at the cap that does not begin at the chat’s start probably cut', () => {
    expect(chatCounts(chat(40_000), { withMedia: false }).likelyCut).toBe(true);
    expect(chatCounts(chat(39_899), { withMedia: false }).likelyCut).toBe(false);
    // With media WhatsApp stops at about 10,000.
    expect(chatCounts(chat(10_000), { withMedia: true }).likelyCut).toBe(true);
    expect(chatCounts(chat(10_000), { withMedia: false }).likelyCut).toBe(false);
  });

  it('trusts an export that begins with the creation line or the encryption notice', () => {
    const created = [line('system', 'Ana created group "Trip"')];
    const encrypted = [
      line(
        'system',
        'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.',
      ),
    ];
    expect(chatCounts(chat(40_000, created), { withMedia: false }).likelyCut).toBe(false);
    expect(chatCounts(chat(40_000, encrypted), { withMedia: false }).likelyCut).toBe(false);
  });
});

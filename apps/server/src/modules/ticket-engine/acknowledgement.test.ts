import { normaliseAckPhrase } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { isAcknowledgement, isEmojiOnly } from './acknowledgement';

const text = (body: string) => ({ body, hasMedia: false });

describe('acknowledgement messages', () => {
  it('matches the whole text of a default phrase, whatever its case, spaces and closing punctuation', () => {
    for (const body of ['ok', 'OK', ' Ok. ', 'Thanks!', 'thanks!!', 'Thank  you!', 'got it…', '👍', 'noted.'])
      expect(isAcknowledgement(text(body), null), body).toBe(true);
    for (const body of ['ok but the invoice is wrong', 'thanks, one more thing', 'okay?x', 'no', '?', '123'])
      expect(isAcknowledgement(text(body), null), body).toBe(false);
  });

  it('counts emoji-only texts, with skin tones, ZWJ sequences, variation selectors and flags', () => {
    for (const body of ['🙏🏽', '👍🏻 👍', '❤️', '👨‍👩‍👧', '🇩🇪', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '😀 😀\n😂'])
      expect(isEmojiOnly(body), body).toBe(true);
    for (const body of ['1', '#', '*', '123', '👍 ok?', 'a😀', '', '   '])
      expect(isEmojiOnly(body), body).toBe(false);
  });

  it("uses the organisation's own list instead of the default one", () => {
    expect(isAcknowledgement(text('Danke!'), ['danke', 'merci'])).toBe(true);
    expect(isAcknowledgement(text('ok'), ['danke'])).toBe(false);
    // Emoji-only stays an acknowledgement whatever the list says.
    expect(isAcknowledgement(text('🙏'), [])).toBe(true);
  });

  it('never counts media, even with an acknowledging caption', () => {
    expect(isAcknowledgement({ body: 'thanks', hasMedia: true }, null)).toBe(false);
  });

  it('normalises phrases the way messages are compared', () => {
    expect(normaliseAckPhrase('  Thank   You! ')).toBe('thank you');
    expect(normaliseAckPhrase('!!')).toBe('!!');
  });
});

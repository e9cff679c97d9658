import { describe, expect, it } from 'vitest';
import { cutMarker, cutToLimit, MESSAGE_TEXT_MAX } from './message-limit';
import { parseChat } from './parse-chat';

describe('one maximum message length', () => {
  it('cuts a longer message with a visible marker, and keeps one that fits', () => {
    const long = 'x'.repeat(MESSAGE_TEXT_MAX + 5000);
    const parsed = parseChat(
      `12/01/2024, 10:00 - Ann: ${long}\n12/01/2024, 10:01 - Bob: ${'y'.repeat(MESSAGE_TEXT_MAX)}`,
    );
    expect(parsed.messages[0]?.content).toBe('x'.repeat(MESSAGE_TEXT_MAX) + cutMarker());
    expect(parsed.messages[0]?.content.endsWith('… message cut at 65,536 characters')).toBe(true);
    expect(parsed.messages[1]?.content).toBe('y'.repeat(MESSAGE_TEXT_MAX));
  });

  it('never leaves half of a surrogate pair at the cut', () => {
    const text = `${'a'.repeat(MESSAGE_TEXT_MAX - 1)}😀tail`;
    const cut = cutToLimit(text);
    expect(cut.isWellFormed()).toBe(true);
    expect(cut.startsWith('a'.repeat(MESSAGE_TEXT_MAX - 1) + cutMarker().slice(0, 2))).toBe(true);
  });
});

describe('maxMessages', () => {
  const text = Array.from({ length: 5 }, (_, i) => `12/01/2024, 10:0${i} - Ann: line ${i}`).join('\n');

  it('builds no message of a chat over the limit and says how many it has', () => {
    expect(parseChat(text, { maxMessages: 4 })).toEqual({
      messages: [],
      total_msgs: 5,
      unique_authors: [],
      day_first: true,
    });
  });

  it('builds a chat at the limit as usual, not counting lines whose date is impossible', () => {
    expect(parseChat(text, { maxMessages: 5 }).messages).toHaveLength(5);
    expect(parseChat(`${text}\n31/02/2024, 10:00 - Ann: no such day`, { maxMessages: 5 }).total_msgs).toBe(5);
  });
});

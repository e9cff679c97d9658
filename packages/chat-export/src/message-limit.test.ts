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

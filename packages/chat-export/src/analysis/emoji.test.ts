import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emojiKey, firstEmojiKey, forEachEmoji, forEachEmojiSegmented, nextCandidate } from './emoji';

function emojiOf(text: string): string[] {
  const found: string[] = [];
  forEachEmoji(text, nextCandidate(text, 0), (key) => found.push(key));
  return found;
}

describe('emoji are whole graphemes', () => {
  it('keeps skin tones, ZWJ sequences, flags, keycaps and tag sequences intact', () => {
    expect(emojiOf('👍🏽')).toEqual(['👍🏽']);
    expect(emojiOf('👨‍👩‍👧')).toEqual(['👨‍👩‍👧']);
    expect(emojiOf('🇩🇪')).toEqual(['🇩🇪']);
    expect(emojiOf('1️⃣')).toEqual(['1️⃣']);
    expect(emojiOf('🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toEqual(['🏴󠁧󠁢󠁳󠁣󠁴󠁿']);
    expect(emojiOf('❤️‍🔥')).toEqual(['❤️‍🔥']);
    expect(emojiOf('🧑🏿‍💻')).toEqual(['🧑🏿‍💻']);
  });

  it('counts each grapheme once, in order, amid text', () => {
    expect(emojiOf('ok 👍🏽👍🏽 and 🇩🇪🇫🇷 then 👨‍👩‍👧!')).toEqual(['👍🏽', '👍🏽', '🇩🇪', '🇫🇷', '👨‍👩‍👧']);
    expect(emojiOf('café naïve 日本語 привет')).toEqual([]);
  });

  it('unifies variation selectors of single symbols', () => {
    expect(emojiKey('❤️')).toBe('❤️');
    expect(emojiKey('😀\ufe0f')).toBe('😀');
    expect(emojiKey('☀\ufe0f')).toBe('☀\ufe0f');
  });

  it('leaves text-style symbols alone unless they ask for emoji presentation', () => {
    expect(emojiOf('© 2024 Acme™ A↔B')).toEqual([]);
    expect(emojiOf('❤ plain heart')).toEqual([]);
    expect(emojiOf('©️')).toEqual(['©️']);
    expect(emojiKey('a')).toBeNull();
  });

  it('reads the first emoji of a filter text', () => {
    expect(firstEmojiKey(' 👍🏽 ')).toBe('👍🏽');
    expect(firstEmojiKey('no emoji')).toBeNull();
  });
});

// Pieces that stress grapheme boundaries: joiners, selectors, modifiers, flags, keycaps, Prepend
// and combining characters next to emoji.
const PIECES = [
  '😀',
  '😂',
  '👍',
  '🏽',
  '\u200d',
  '\ufe0f',
  '\ufe0e',
  '❤',
  '☀',
  '©',
  '🇩',
  '🇪',
  '#',
  '1',
  '\u20e3',
  '👨',
  '👩',
  '👧',
  '🔥',
  '🏴',
  '\u{e0067}',
  '\u{e007f}',
  '\u0600',
  '\u0301',
  'a',
  ' ',
  'é',
  '\n',
  '\u{110bd}',
  '🀄',
  '🅰',
  '日',
  '\ud83d',
];

describe('the emoji fast path agrees with Intl.Segmenter', () => {
  it('on strings built from boundary-sensitive pieces', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), (pieces) => {
        const text = pieces.join('');
        const reference: string[] = [];
        forEachEmojiSegmented(text, (key) => reference.push(key));
        expect(emojiOf(text)).toEqual(reference);
      }),
      { numRuns: 5000 },
    );
  });
});

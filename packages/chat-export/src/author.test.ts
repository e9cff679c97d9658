import { describe, expect, it } from 'vitest';
import { cleanAuthor, splitAuthor } from './author';

describe('splitAuthor (Android)', () => {
  it.each([
    ['Alice: hello', 'Alice', 'hello'],
    ['Alice: Note: read this', 'Alice', 'Note: read this'],
    ['Alice:', 'Alice', ''],
    ['\u202a+49 151 2345\u202c: hi', '+49 151 2345', 'hi'],
    ['~\u202fNina: hi', 'Nina', 'hi'],
    ['~ Nina: hi', 'Nina', 'hi'],
  ])('%j has an author', (rest, author, text) => {
    expect(splitAuthor(rest, false)).toMatchObject({ author, text });
  });

  it.each([
    'Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.',
    'Alice changed the subject from "a: b" to "c"',
    'Alice created group “Team: Berlin”',
    'Alice changed the group description: new rules',
    `${'A very long sentence that explains something and then has '.repeat(2)}a colon: here`,
    'Bob left',
    ': starts with a colon',
  ])('%j is a system line', (rest) => {
    expect(splitAuthor(rest, false).author).toBeNull();
  });
});

describe('splitAuthor (iOS)', () => {
  it('takes a U+200E before the text as a system line of the group', () => {
    expect(splitAuthor('Team: \u200eAlice added Bob', true)).toMatchObject({
      author: null,
      text: 'Alice added Bob',
    });
  });

  it('finds the system mark after a group name that holds ": "', () => {
    expect(splitAuthor('Team: Berlin: \u200eAlice left', true)).toMatchObject({
      author: null,
      text: 'Alice left',
    });
  });

  it('keeps the author of media texts that carry the same mark', () => {
    expect(splitAuthor('Alice: \u200eimage omitted', true)).toMatchObject({
      author: 'Alice',
      text: 'image omitted',
    });
    expect(splitAuthor('Alice: \u200e<attached: 00000012-PHOTO.jpg>', true).author).toBe('Alice');
    expect(splitAuthor('Alice: \u200eThis message was deleted.', true).author).toBe('Alice');
    expect(splitAuthor('Alice: \u200eLocation: https://maps.google.com/?q=1,2', true).author).toBe('Alice');
  });

  it('reads ordinary messages', () => {
    expect(splitAuthor('Alice: hi: there', true)).toMatchObject({ author: 'Alice', text: 'hi: there' });
  });
});

describe('cleanAuthor', () => {
  it('removes direction marks, the non-contact tilde and no-break spaces', () => {
    expect(cleanAuthor('\u202a+44\u00a07700\u00a0900123\u202c')).toBe('+44 7700 900123');
    expect(cleanAuthor('\u200e~\u202fTom')).toBe('Tom');
  });
});

import { describe, expect, it } from 'vitest';
import { parseChat } from '../parse-chat';
import { DST_CHAT } from '../test-support/dst-chat';
import { analyseChat } from './analyse-chat';
import { selectMessages } from './select-messages';

// DST_CHAT indices: 0 system (encryption), 1 Alice, 2 Bob, 3 Alice, 4 Alice (media omitted),
// 5 Bob (image), 6 system (added), 7 Carol (deleted), 8 Bob (edited), 9 Alice, 10 system (left).
const messages = parseChat(DST_CHAT).messages;
const select = (filter: Parameters<typeof selectMessages>[1], options = {}) =>
  selectMessages(messages, filter, options);

describe('selectMessages on a hand-counted chat', () => {
  it('no filter selects every authored message', () => {
    expect(select({})).toEqual([1, 2, 3, 4, 5, 7, 8, 9]);
  });

  it('by author, day, week, month and heatmap cell', () => {
    expect(select({ author: 'Alice' })).toEqual([1, 3, 4, 9]);
    expect(select({ author: 'Nobody' })).toEqual([]);
    expect(select({ day: '2024-03-31' })).toEqual([2, 3, 4, 5, 7]);
    expect(select({ week: '2024-W14' })).toEqual([8, 9]);
    expect(select({ month: '2024-03' })).toEqual([1, 2, 3, 4, 5, 7]);
    expect(select({ weekday: 6, hour: 2 })).toEqual([3, 4]);
    expect(select({ weekday: 0 })).toEqual([8, 9]);
    expect(select({ author: 'Alice', day: '2024-03-31', hour: 2 })).toEqual([3, 4]);
  });

  it('by word, exact after normalisation (no prefixes)', () => {
    expect(select({ word: 'Café' })).toEqual([3, 5]);
    expect(select({ word: 'cafe' })).toEqual([3, 5]);
    expect(select({ word: 'caf' })).toEqual([]);
    expect(select({ word: 'forget' })).toEqual([9]);
    // words inside links do not count, as in top words
    expect(select({ word: 'path' })).toEqual([]);
    expect(select({ word: '' })).toEqual([]);
  });

  it('by emoji, domain and media', () => {
    expect(select({ emoji: '👍🏽' })).toEqual([2]);
    expect(select({ emoji: '👍' })).toEqual([]);
    expect(select({ emoji: '🇩🇪' })).toEqual([3]);
    expect(select({ emoji: '👨‍👩‍👧' })).toEqual([8]);
    expect(select({ domain: 'example.com' })).toEqual([1, 9]);
    expect(select({ domain: 'https://WWW.example.com/other' })).toEqual([1, 9]);
    expect(select({ media: 'any' })).toEqual([4, 5]);
    expect(select({ media: 'image' })).toEqual([5]);
    expect(select({ media: 'media' })).toEqual([4]);
    expect(select({ media: 'video' })).toEqual([]);
  });

  it('by flags, conversations and answers', () => {
    expect(select({ deleted: true })).toEqual([7]);
    expect(select({ edited: true })).toEqual([8]);
    expect(select({ startsConversation: true })).toEqual([1, 3, 7, 8]);
    expect(select({ response: true })).toEqual([2, 5, 9]);
    expect(select({ response: true, author: 'Bob' })).toEqual([2, 5]);
    expect(select({ startsConversation: true }, { conversationGapMinutes: 24 * 60 })).toEqual([1, 8]);
  });

  it('system lines only when asked for, by kind', () => {
    expect(select({ systemEvent: 'any' })).toEqual([0, 6, 10]);
    expect(select({ systemEvent: 'left' })).toEqual([10]);
    expect(select({ systemEvent: 'added', month: '2024-03' })).toEqual([6]);
    expect(select({ systemEvent: 'joined' })).toEqual([]);
  });

  it('within the same date range as the analysis', () => {
    const range = { from: '2024-03-31', to: '2024-03-31' };
    expect(select({ author: 'Alice' }, range)).toEqual([3, 4]);
    expect(select({ startsConversation: true }, range)).toEqual([2, 3, 7]);
    expect(select({ systemEvent: 'any' }, range)).toEqual([6]);
  });

  it('agrees with every number of the analysis', () => {
    const r = analyseChat(messages);
    for (const a of r.authors) expect(select({ author: a.author })).toHaveLength(a.messages);
    for (const d of r.perDay) expect(select({ day: d.key })).toHaveLength(d.messages);
    for (const w of r.perWeek) expect(select({ week: w.key })).toHaveLength(w.messages);
    for (const m of r.perMonth) expect(select({ month: m.key })).toHaveLength(m.messages);
    r.heatmap.forEach((row, weekday) => {
      row.forEach((n, hour) => {
        expect(select({ weekday, hour })).toHaveLength(n);
      });
    });
    expect(select({ word: 'cafe' })).toHaveLength(2); // two messages, one "café" each
  });

  it('rejects malformed filters', () => {
    expect(() => select({ day: '2024-02-30' })).toThrow(RangeError);
    expect(() => select({ week: '2024-W54' })).toThrow(RangeError);
    expect(() => select({ month: '2024-13' })).toThrow(RangeError);
    expect(() => select({ weekday: 7 })).toThrow(RangeError);
    expect(() => select({ hour: 24 })).toThrow(RangeError);
    expect(() => select({}, { from: 'yesterday' })).toThrow(RangeError);
  });
});

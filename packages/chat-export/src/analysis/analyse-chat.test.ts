import { describe, expect, it } from 'vitest';
import { parseChat } from '../parse-chat';
import { DST_CHAT } from '../test-support/dst-chat';
import { analyseChat } from './analyse-chat';
import type { MediaKind, SystemEventKind } from './analysis-types';

// Expected numbers worked out by hand from DST_CHAT (indices: 0 system, 1–5 authored, 6 system,
// 7–9 authored, 10 system). Authored: 1 Alice Sat 23:55, 2 Bob Sun 00:10, 3 Alice Sun 02:30,
// 4 Alice Sun 02:40 (media omitted), 5 Bob Sun 03:05 (image + caption), 7 Carol Sun 09:15
// (deleted), 8 Bob Mon 10:00 (edited), 9 Alice Mon 10:20.
const messages = parseChat(DST_CHAT).messages;
const result = analyseChat(messages);

const media = (counts: Partial<Record<MediaKind, number>>) => ({
  image: 0,
  video: 0,
  audio: 0,
  document: 0,
  sticker: 0,
  gif: 0,
  contact: 0,
  view_once: 0,
  other: 0,
  media: 0,
  ...counts,
});

const kinds = (counts: Partial<Record<SystemEventKind, number>>) => ({
  created: 0,
  added: 0,
  joined: 0,
  left: 0,
  removed: 0,
  subject: 0,
  description: 0,
  icon: 0,
  number: 0,
  security: 0,
  encryption: 0,
  admin: 0,
  other: 0,
  ...counts,
});

describe('analyseChat on a hand-counted chat', () => {
  it('totals', () => {
    // words: 4 (3 + the link) + 2 + 4 + 0 + 3 (caption) + 0 + 2 + 5 (Don't, forget, link, and, link)
    // characters: 44 + 14 + 19 + 0 + 15 + 0 + 17 + 57 code points
    expect(result.totals).toEqual({
      messages: 8,
      words: 20,
      characters: 166,
      media: 2,
      mediaByKind: media({ image: 1, media: 1 }),
      links: 3,
      emoji: 4,
      deleted: 1,
      edited: 1,
      authors: 3,
      conversations: 4,
      responses: 3,
      medianResponseSeconds: 1200,
    });
    expect(result.skipped).toBe(0);
    expect(result.range).toEqual({ from: '2024-03-30', to: '2024-04-03', days: 5 });
  });

  it('per author, most messages first', () => {
    expect(result.authors).toEqual([
      {
        author: 'Alice',
        messages: 4,
        words: 13,
        characters: 120,
        media: 1,
        mediaByKind: media({ media: 1 }),
        links: 3,
        emoji: 1,
        deleted: 0,
        edited: 0,
        share: 0.5,
        conversationsStarted: 2,
        responses: 1,
        medianResponseSeconds: 1200,
        first: '2024-03-30T23:55:00',
        last: '2024-04-01T10:20:00',
      },
      {
        author: 'Bob',
        messages: 3,
        words: 7,
        characters: 46,
        media: 1,
        mediaByKind: media({ image: 1 }),
        links: 0,
        emoji: 3,
        deleted: 0,
        edited: 1,
        share: 0.375,
        conversationsStarted: 1,
        responses: 2,
        medianResponseSeconds: 1200, // (900 + 1500) / 2
        first: '2024-03-31T00:10:00',
        last: '2024-04-01T10:00:00',
      },
      {
        author: 'Carol',
        messages: 1,
        words: 0,
        characters: 0,
        media: 0,
        mediaByKind: media({}),
        links: 0,
        emoji: 0,
        deleted: 1,
        edited: 0,
        share: 0.125,
        conversationsStarted: 1,
        responses: 0,
        medianResponseSeconds: null,
        first: '2024-03-31T09:15:00',
        last: '2024-03-31T09:15:00',
      },
    ]);
  });

  it('messages per day, ISO week and month', () => {
    expect(result.perDay).toEqual([
      { key: '2024-03-30', messages: 1 },
      { key: '2024-03-31', messages: 5 },
      { key: '2024-04-01', messages: 2 },
    ]);
    expect(result.perWeek).toEqual([
      { key: '2024-W13', start: '2024-03-25', messages: 6 },
      { key: '2024-W14', start: '2024-04-01', messages: 2 },
    ]);
    expect(result.perMonth).toEqual([
      { key: '2024-03', messages: 6 },
      { key: '2024-04', messages: 2 },
    ]);
  });

  it('weekday × hour heatmap on the wall clock (02:30 exists although Berlin skipped it)', () => {
    const cells: [number, number, number][] = [];
    result.heatmap.forEach((row, weekday) => {
      row.forEach((n, hour) => {
        if (n > 0) cells.push([weekday, hour, n]);
      });
    });
    expect(result.heatmap).toHaveLength(7);
    for (const row of result.heatmap) expect(row).toHaveLength(24);
    // Monday 10:00 ×2; Saturday 23:55; Sunday 00:10, 02:30 + 02:40, 03:05, 09:15
    expect(cells).toEqual([
      [0, 10, 2],
      [5, 23, 1],
      [6, 0, 1],
      [6, 2, 2],
      [6, 3, 1],
      [6, 9, 1],
    ]);
  });

  it('calendar heatmap by year and day of year', () => {
    expect(result.calendar).toHaveLength(1);
    const [year] = result.calendar;
    expect(year?.year).toBe(2024);
    expect(year?.firstWeekday).toBe(0); // 1 January 2024 was a Monday
    expect(year?.days).toHaveLength(366);
    // 30 March is day 31 + 29 + 29 = 89 of a leap year
    expect(year?.days.slice(88, 93)).toEqual([0, 1, 5, 2, 0]);
    expect(year?.days.reduce((a, b) => a + b, 0)).toBe(8);
  });

  it('busiest day, longest silence, longest streak', () => {
    expect(result.busiestDay).toEqual({ key: '2024-03-31', messages: 5 });
    // Carol 31 March 09:15 → Bob 1 April 10:00: 24 h 45 min
    expect(result.longestSilence).toEqual({
      from: '2024-03-31T09:15:00',
      to: '2024-04-01T10:00:00',
      seconds: 89_100,
      fromIndex: 7,
      toIndex: 8,
    });
    expect(result.longestStreak).toEqual({ from: '2024-03-30', to: '2024-04-01', days: 3 });
  });

  it('top words without English stop words, shown in their usual spelling', () => {
    expect(result.languages).toEqual(['en']);
    expect(result.topWords).toEqual([
      { word: 'cafe', display: 'café', count: 2 },
      ...['alice', 'bob', 'family', 'forget', 'hello', 'hi', 'nice', 'open', 'photo', 'see', 'time'].map(
        (word) => ({ word, display: word, count: 1 }),
      ),
    ]);
  });

  it('top emoji as whole graphemes and link domains', () => {
    expect(result.topEmoji).toEqual([
      { emoji: '👍🏽', count: 2 },
      { emoji: '🇩🇪', count: 1 },
      { emoji: '👨‍👩‍👧', count: 1 },
    ]);
    expect(result.topDomains).toEqual([
      { domain: 'example.com', count: 2 },
      { domain: 'maps.google.com', count: 1 },
    ]);
  });

  it('system events by kind and month', () => {
    expect(result.system).toEqual({
      total: 3,
      byKind: kinds({ encryption: 1, added: 1, left: 1 }),
      perMonth: [
        { key: '2024-03', byKind: kinds({ encryption: 1, added: 1 }) },
        { key: '2024-04', byKind: kinds({ left: 1 }) },
      ],
    });
  });
});

describe('analyseChat options', () => {
  it('a date range keeps whole days and starts conversations afresh', () => {
    const sunday = analyseChat(messages, { from: '2024-03-31', to: '2024-03-31' });
    expect(sunday.totals.messages).toBe(5);
    expect(sunday.range).toEqual({ from: '2024-03-31', to: '2024-03-31', days: 1 });
    // Bob's 00:10 message opens the range, so it starts a conversation instead of answering.
    expect(sunday.authors.map((a) => [a.author, a.conversationsStarted, a.responses])).toEqual([
      ['Alice', 1, 0],
      ['Bob', 1, 1],
      ['Carol', 1, 0],
    ]);
    expect(sunday.system.total).toBe(1);
    expect(analyseChat(messages, { from: '2024-04-02' }).totals.messages).toBe(0);
  });

  it('conversationGapMinutes decides what starts a conversation', () => {
    // Gaps: 15, 140, 10, 25, 370, 1485, 20 minutes.
    expect(analyseChat(messages, { conversationGapMinutes: 10 }).totals.conversations).toBe(8);
    expect(analyseChat(messages, { conversationGapMinutes: 20 }).totals.conversations).toBe(6);
    expect(analyseChat(messages, { conversationGapMinutes: 24 * 60 }).totals.conversations).toBe(2);
  });

  it('topN limits every top list', () => {
    const top = analyseChat(messages, { topN: 1 });
    expect(top.topWords.map((w) => w.word)).toEqual(['cafe']);
    expect(top.topEmoji).toEqual([{ emoji: '👍🏽', count: 2 }]);
    expect(top.topDomains).toEqual([{ domain: 'example.com', count: 2 }]);
  });

  it('stop words: explicit languages, none, all, extra words', () => {
    const none = analyseChat(messages, { stopWords: { languages: [] } });
    expect(none.languages).toEqual([]);
    expect(none.topWords.map((w) => w.word)).toEqual(expect.arrayContaining(['the', 'is', 'and', 'don']));
    const extra = analyseChat(messages, { stopWords: { extra: ['Alice', 'BOB', 'Café'] } });
    expect(extra.topWords.map((w) => w.word)).not.toEqual(expect.arrayContaining(['alice']));
    expect(extra.topWords[0]).toEqual({ word: 'family', display: 'family', count: 1 });
    // "is" is Dutch too: with only Dutch removed, "the" stays and "is" goes.
    const dutch = analyseChat(messages, { stopWords: { languages: ['nl'] } }).topWords.map((w) => w.word);
    expect(dutch).toContain('the');
    expect(dutch).not.toContain('is');
    expect(analyseChat(messages, { stopWords: { languages: 'all' } }).languages).toContain('pt');
  });

  it('rejects malformed options', () => {
    expect(() => analyseChat(messages, { from: '2024-02-30' })).toThrow(RangeError);
    expect(() => analyseChat(messages, { to: '31/03/2024' })).toThrow(RangeError);
    expect(() => analyseChat(messages, { conversationGapMinutes: 0 })).toThrow(RangeError);
    expect(() => analyseChat(messages, { topN: 2.5 })).toThrow(RangeError);
  });

  it('an empty chat gives empty statistics', () => {
    const empty = analyseChat([]);
    expect(empty.totals.messages).toBe(0);
    expect(empty.range).toEqual({ from: null, to: null, days: 0 });
    expect(empty.busiestDay).toBeNull();
    expect(empty.longestSilence).toBeNull();
    expect(empty.longestStreak).toBeNull();
    expect(empty.totals.medianResponseSeconds).toBeNull();
    expect(empty.heatmap.flat().every((n) => n === 0)).toBe(true);
  });

  it('skips messages whose date is no wall-clock time', () => {
    const broken = [
      ...messages,
      { ...(messages[1] as (typeof messages)[number]), date: '2024-02-30T10:00:00' },
    ];
    const r = analyseChat(broken);
    expect(r.skipped).toBe(1);
    expect(r.totals.messages).toBe(8);
  });
});

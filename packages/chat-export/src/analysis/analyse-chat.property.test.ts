import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chat, day, wildMessage } from '../test-support/chat-arbitraries';
import type { ChatMessage } from '../types';
import { analyseChat } from './analyse-chat';
import { type ChatAnalysis, MEDIA_KINDS, SYSTEM_EVENT_KINDS } from './analysis-types';
import { selectMessages } from './select-messages';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const within = (n: number, min: number, max: number) => {
  expect(n).toBeGreaterThanOrEqual(min);
  expect(n).toBeLessThanOrEqual(max);
};
const COUNTS = ['messages', 'words', 'characters', 'media', 'links', 'emoji', 'deleted', 'edited'] as const;

describe('analyseChat properties', () => {
  it('every breakdown sums to its total', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(chat, (messages) => {
        const r = analyseChat(messages);
        const authored = messages.filter((m) => m.author !== 'system').length;
        expect(r.totals.messages).toBe(authored);
        for (const key of COUNTS) expect(sum(r.authors.map((a) => a[key]))).toBe(r.totals[key]);
        for (const kind of MEDIA_KINDS)
          expect(sum(r.authors.map((a) => a.mediaByKind[kind]))).toBe(r.totals.mediaByKind[kind]);
        expect(sum(MEDIA_KINDS.map((kind) => r.totals.mediaByKind[kind]))).toBe(r.totals.media);
        expect(sum(r.heatmap.flat())).toBe(authored);
        expect(sum(r.perDay.map((b) => b.messages))).toBe(authored);
        expect(sum(r.perWeek.map((b) => b.messages))).toBe(authored);
        expect(sum(r.perMonth.map((b) => b.messages))).toBe(authored);
        expect(sum(r.calendar.flatMap((y) => y.days))).toBe(authored);
        expect(sum(r.authors.map((a) => a.conversationsStarted))).toBe(r.totals.conversations);
        expect(sum(r.authors.map((a) => a.responses))).toBe(r.totals.responses);
        if (authored > 0) expect(sum(r.authors.map((a) => a.share))).toBeCloseTo(1, 9);
        expect(r.system.total).toBe(messages.length - authored);
        expect(sum(SYSTEM_EVENT_KINDS.map((k) => r.system.byKind[k]))).toBe(r.system.total);
        expect(sum(r.system.perMonth.flatMap((m) => Object.values(m.byKind)))).toBe(r.system.total);
        expect(r.busiestDay?.messages ?? 0).toBe(Math.max(0, ...r.perDay.map((b) => b.messages)));
        expect(r.longestStreak?.days ?? 0).toBeLessThanOrEqual(r.perDay.length);
      }),
      { numRuns: 300 },
    );
  });

  it('a date range gives the analysis of the messages in it', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(chat, day, day, (messages, a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const kept: number[] = [];
        messages.forEach((m, i) => {
          const d = m.date.slice(0, 10);
          if (d >= from && d <= to) kept.push(i);
        });
        const ranged = analyseChat(messages, { from, to });
        const filtered = analyseChat(kept.map((i) => messages[i] as ChatMessage));
        const silence = filtered.longestSilence;
        expect(ranged).toEqual({
          ...filtered,
          longestSilence: silence && {
            ...silence,
            fromIndex: kept[silence.fromIndex],
            toIndex: kept[silence.toIndex],
          },
        });
      }),
      { numRuns: 200 },
    );
  });

  it('selectMessages finds exactly the messages behind each number', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(chat, fc.option(fc.tuple(day, day), { nil: undefined }), (messages, range) => {
        const [from, to] = range ? [...range].sort() : [];
        const options = range ? { from, to } : {};
        const r = analyseChat(messages, options);
        const count = (filter: Parameters<typeof selectMessages>[1]) =>
          selectMessages(messages, filter, options).length;
        expect(count({})).toBe(r.totals.messages);
        for (const a of r.authors) {
          expect(count({ author: a.author })).toBe(a.messages);
          expect(count({ author: a.author, response: true })).toBe(a.responses);
        }
        for (const d of r.perDay) expect(count({ day: d.key })).toBe(d.messages);
        for (const w of r.perWeek) expect(count({ week: w.key })).toBe(w.messages);
        for (const m of r.perMonth) expect(count({ month: m.key })).toBe(m.messages);
        r.heatmap.forEach((row, weekday) => {
          row.forEach((n, hour) => {
            if (n > 0 || hour % 6 === 0) expect(count({ weekday, hour })).toBe(n);
          });
        });
        for (const kind of MEDIA_KINDS) expect(count({ media: kind })).toBe(r.totals.mediaByKind[kind]);
        expect(count({ media: 'any' })).toBe(r.totals.media);
        expect(count({ deleted: true })).toBe(r.totals.deleted);
        expect(count({ edited: true })).toBe(r.totals.edited);
        expect(count({ startsConversation: true })).toBe(r.totals.conversations);
        expect(count({ response: true })).toBe(r.totals.responses);
        for (const kind of SYSTEM_EVENT_KINDS)
          expect(count({ systemEvent: kind })).toBe(r.system.byKind[kind]);
        // A word, emoji or domain is counted per occurrence, selected per message.
        for (const w of r.topWords) within(count({ word: w.word }), 1, w.count);
        for (const e of r.topEmoji) within(count({ emoji: e.emoji }), 1, e.count);
        for (const d of r.topDomains) within(count({ domain: d.domain }), 1, d.count);
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic and JSON-serialisable', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(chat, (messages) => {
        const r = analyseChat(messages);
        expect(analyseChat(structuredClone(messages))).toEqual(r);
        expect(JSON.parse(JSON.stringify(r)) as ChatAnalysis).toEqual(r);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on arbitrary messages', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.array(wildMessage, { maxLength: 40 }), fc.string({ maxLength: 6 }), (messages, word) => {
        const r = analyseChat(messages, { topN: 5 });
        expect(r.totals.messages + r.system.total + r.skipped).toBe(messages.length);
        selectMessages(messages, { word, emoji: word, domain: word });
        selectMessages(messages, { systemEvent: 'any', media: 'any', weekday: 3 });
      }),
      { numRuns: 500 },
    );
  });
});

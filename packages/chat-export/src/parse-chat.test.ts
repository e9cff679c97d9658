import { describe, expect, it } from 'vitest';
import { parseChat } from './parse-chat';

describe('parseChat', () => {
  it('returns an empty chat for empty or non-text input instead of throwing', () => {
    expect(parseChat('')).toEqual({ messages: [], total_msgs: 0, unique_authors: [], day_first: false });
    expect(parseChat(undefined as unknown as string).total_msgs).toBe(0);
    expect(parseChat(42 as unknown as string).total_msgs).toBe(0);
  });

  it('drops lines before the first message', () => {
    const { messages } = parseChat('garbage\nmore\n12/01/2024, 10:00 - A: x');
    expect(messages.map((m) => m.content)).toEqual(['x']);
  });

  it('reads CR-only and CRLF line endings', () => {
    const text = '12/01/2024, 10:00 - A: one\rtwo\r12/01/2024, 10:01 - B: three\r\n';
    expect(parseChat(text).messages.map((m) => m.content)).toEqual(['one\ntwo', 'three']);
  });

  it('uses the datetime display format DD/MM/YYYY, HH:mm', () => {
    expect(parseChat('[5/3/24, 9:05:59\u202fPM] A: x', { dayFirst: true }).messages[0]).toMatchObject({
      datetime: '05/03/2024, 21:05',
      date: '2024-03-05T21:05:59',
    });
  });

  it('does not take a known author for the group name of an iOS system line', () => {
    const text = [
      '[12/01/2024, 10:00:00] Team: hello from an author called Team',
      '[12/01/2024, 10:01:00] Team: Berlin: \u200eAlice added Bob',
      '[12/01/2024, 10:02:00] Team: \u200eimage omitted',
      '[12/01/2024, 10:03:00] Team: \u200eCarol left',
    ].join('\n');
    expect(parseChat(text).messages.map((m) => [m.author, m.content])).toEqual([
      ['Team', 'hello from an author called Team'],
      ['system', 'Alice added Bob'],
      ['Team', 'image omitted'],
      ['system', 'Carol left'],
    ]);
  });

  it('keeps authors that share a prefix apart', () => {
    const text = [
      '12/01/2024, 10:00 - Al: a',
      '12/01/2024, 10:01 - Alice: b',
      '12/01/2024, 10:02 - Al: c',
    ].join('\n');
    expect(parseChat(text).messages.map((m) => m.author)).toEqual(['Al', 'Alice', 'Al']);
    expect(parseChat(text).unique_authors).toEqual(['Al', 'Alice']);
  });

  it('never lets a colon on a continuation line make an author', () => {
    const text = '12/01/2024, 10:00 - Bob left\nAlice: not an author';
    expect(parseChat(text).messages).toMatchObject([
      { author: 'system', content: 'Bob left\nAlice: not an author' },
    ]);
  });
});

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

// iOS lines `Name: ‎text` in wordings no table knows (README "Markers and system lines"). The words
// below belong to no language on purpose: only evidence can decide.
describe('iOS marked lines decided by evidence', () => {
  const L = '\u200e';
  const authors = (text: string) => parseChat(text, { dayFirst: false }).messages.map((m) => m.author);

  it('in a 1:1 chat, the contact carries the notices and keeps the media lines iOS marked', () => {
    const text = [
      `[1/1/24, 10:00:00] Maya: ${L}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.`,
      '[1/1/24, 10:01:00] Maya: hi',
      `[1/1/24, 10:02:00] Maya: ${L}zorp quil mavo changed`,
      `${L}[1/1/24, 10:03:00] Maya: ${L}tessik brun`,
      `[1/1/24, 10:04:00] Dmitri: ${L}tessik quil`,
      '[1/1/24, 10:05:00] Dmitri: ok',
    ].join('\n');
    expect(authors(text)).toEqual(['system', 'Maya', 'system', 'Maya', 'Dmitri', 'Dmitri']);
  });

  it('takes the quoted name of a notice for the chat, though no known notice names it', () => {
    const text = [
      `[1/1/24, 10:00:00] Klub: ${L}Asha zorp “Klub”`,
      `[1/1/24, 10:01:00] Klub: ${L}Juma brun`,
      `[1/1/24, 10:02:00] Juma: ${L}tessik quil`,
    ].join('\n');
    expect(authors(text)).toEqual(['system', 'system', 'Juma']);
    expect(parseChat(text).unique_authors).toEqual(['Juma']);
  });

  it('without evidence of the chat name, a name that never writes ordinary messages is the chat', () => {
    const text = [
      `[1/1/24, 10:00:00] Klub: ${L}Juma brun`,
      '[1/1/24, 10:01:00] Juma: hello',
      `[1/1/24, 10:02:00] Juma: ${L}tessik quil`,
    ].join('\n');
    expect(authors(text)).toEqual(['system', 'Juma', 'Juma']);
  });

  it('ignores the leading mark when a file marks its ordinary lines too', () => {
    const R = '\u200f';
    const text = [
      `${R}[1/1/24, 10:00:00] Klub: ${L}zorp quil WhatsApp mavo tessik brun zorp quil mavo tessik brun zorp`,
      `${R}[1/1/24, 10:01:00] Juma: hello`,
      `${R}[1/1/24, 10:02:00] Asha: hi`,
      `${R}[1/1/24, 10:03:00] Klub: ${L}Juma brun`,
      `${R}[1/1/24, 10:04:00] Asha: ${L}tessik quil`,
    ].join('\n');
    expect(authors(text)).toEqual(['system', 'Juma', 'Asha', 'system', 'Asha']);
  });

  it('keeps known notices system whatever name they are written under', () => {
    const text = [
      '[1/1/24, 10:00:00] Alice: hi',
      `[1/1/24, 10:01:00] Alice: ${L}Bob left`,
      `[1/1/24, 10:02:00] Alice: ${L}Your security code with Bob changed. ${L}Tap to learn more.`,
    ].join('\n');
    expect(authors(text)).toEqual(['Alice', 'system', 'system']);
  });
});

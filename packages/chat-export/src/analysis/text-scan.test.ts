import { describe, expect, it } from 'vitest';
import { TextScanner } from './text-scan';
import { wordHash } from './word-table';

function scan(text: string) {
  const scanner = new TextScanner();
  const words: string[] = [];
  const links: string[] = [];
  const emoji: string[] = [];
  scanner.scan(text, {
    word: (t, start, end) => words.push(t.slice(start, end)),
    link: (domain) => links.push(domain),
    emoji: (key) => emoji.push(key),
  });
  const { words: wordCount, characters, links: linkCount, emoji: emojiCount } = scanner;
  return { words, links, emoji, wordCount, characters, linkCount, emojiCount };
}

describe('TextScanner', () => {
  it('counts space-separated words that hold a letter or digit; a link is one word', () => {
    expect(scan("Don't forget: 10:30 at l'hôtel 😀 !").wordCount).toBe(5);
    expect(scan('see https://a.io/x-y_z?q=1 now').wordCount).toBe(3);
    expect(scan('今天天气很好').wordCount).toBe(1);
    expect(scan('a\u00a0b\u3000c').wordCount).toBe(3);
    expect(scan('').wordCount).toBe(0);
  });

  it('reports word tokens as search splits them, outside links', () => {
    expect(scan("Don't see https://a.io/page twice, Ünïcödé").words).toEqual([
      'Don',
      't',
      'see',
      'twice',
      'Ünïcödé',
    ]);
  });

  it('hands each word its hash, as wordHash computes it', () => {
    const text = "Ünïcödé 𝐀b don't 日本 café https://x.io/y end";
    const seen: [string, number, number][] = [];
    new TextScanner().scan(text, {
      word: (t, start, end, hash) => seen.push([t.slice(start, end), hash, wordHash(t, start, end)]),
    });
    expect(seen.map(([w]) => w)).toEqual(['Ünïcödé', '𝐀b', 'don', 't', '日本', 'café', 'end']);
    for (const [word, hash, expected] of seen) expect([word, hash]).toEqual([word, expected]);
  });

  it('counts code points, links included', () => {
    expect(scan('abc').characters).toBe(3);
    expect(scan('👍🏽 é').characters).toBe(4);
    expect(scan('x https://a.io/😀 y').characters).toBe(18);
  });

  it('reports domains and emoji with their counts', () => {
    const r = scan('www.a.io 👍🏽 https://b.io 🇩🇪🇩🇪');
    expect(r.links).toEqual(['a.io', 'b.io']);
    expect(r.linkCount).toBe(2);
    expect(r.emoji).toEqual(['👍🏽', '🇩🇪', '🇩🇪']);
    expect(r.emojiCount).toBe(3);
    // ℹ is a lowercase letter to Unicode, U+20E3 a combining mark: both still lead to emoji
    expect(scan('see ℹ️ and #️⃣').emoji).toEqual(['ℹ️', '#️⃣']);
  });

  it('keeps no state between texts', () => {
    const scanner = new TextScanner();
    scanner.scan('https://a.io 😀 hello', {});
    scanner.scan('plain', {});
    expect([scanner.words, scanner.links, scanner.emoji, scanner.characters]).toEqual([1, 0, 0, 5]);
  });

  it('skips the grapheme pass when asked', () => {
    const scanner = new TextScanner(false);
    scanner.scan('😀 hi', {});
    expect(scanner.emoji).toBe(0);
    expect(scanner.words).toBe(1);
  });
});

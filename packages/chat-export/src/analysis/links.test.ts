import { describe, expect, it } from 'vitest';
import { forEachLink, normaliseDomain } from './links';

function linksOf(text: string): [string, string][] {
  const found: [string, string][] = [];
  forEachLink(text, (start, end, domain) => found.push([text.slice(start, end), domain]));
  return found;
}

describe('links', () => {
  it('finds http(s) and www links and their domains', () => {
    expect(
      linksOf('See https://www.Example.com/path. And http://maps.google.com/?q=1,2 or www.wadesk.io!'),
    ).toEqual([
      ['https://www.Example.com/path', 'example.com'],
      ['http://maps.google.com/?q=1,2', 'maps.google.com'],
      ['www.wadesk.io', 'wadesk.io'],
    ]);
  });

  it('drops trailing punctuation and unmatched parentheses, keeps matched ones', () => {
    expect(linksOf('(see https://a.io/x)')).toEqual([['https://a.io/x', 'a.io']]);
    expect(linksOf('https://en.wikipedia.org/wiki/Foo_(bar), ok')).toEqual([
      ['https://en.wikipedia.org/wiki/Foo_(bar)', 'en.wikipedia.org'],
    ]);
  });

  it('ignores words that only contain www and bare schemes', () => {
    expect(linksOf('awww.nice and https:// and www. alone')).toEqual([]);
    expect(linksOf('mail me@www.example.com')).toEqual([]);
  });

  it('normalises domains: case, www, port, credentials', () => {
    expect(normaliseDomain('HTTPS://user:pw@WWW.Example.COM:8080/x')).toBe('example.com');
    expect(normaliseDomain('www.example.com')).toBe('example.com');
    expect(normaliseDomain('example.com.')).toBe('example.com');
    expect(normaliseDomain('   ')).toBe('');
  });
});

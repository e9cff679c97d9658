import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps text without links as one part', () => {
    expect(linkify('hello there')).toEqual([{ type: 'text', text: 'hello there' }]);
    expect(linkify('')).toEqual([]);
  });

  it('finds http, https and www links between text', () => {
    expect(linkify('see https://example.com/a?b=1 and www.wadesk.io/pricing now')).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: ' and ' },
      { type: 'link', text: 'www.wadesk.io/pricing', href: 'https://www.wadesk.io/pricing' },
      { type: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation and unbalanced brackets outside the link', () => {
    expect(linkify('Go to http://a.com/x.')).toEqual([
      { type: 'text', text: 'Go to ' },
      { type: 'link', text: 'http://a.com/x', href: 'http://a.com/x' },
      { type: 'text', text: '.' },
    ]);
    expect(linkify('(https://a.com/x)')[1]).toEqual({
      type: 'link',
      text: 'https://a.com/x',
      href: 'https://a.com/x',
    });
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar)')[0]).toMatchObject({
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
  });

  it('never links other schemes or markup', () => {
    const parts = linkify('javascript:alert(1) <a href="x">y</a> ftp://files.example.com');
    expect(parts.every((part) => part.type === 'text')).toBe(true);
    expect(linkify('http://')).toEqual([{ type: 'text', text: 'http://' }]);
  });

  it('finds several links on several lines', () => {
    const links = linkify('https://a.com\nhttps://b.com, https://c.com!').filter((p) => p.type === 'link');
    expect(links.map((link) => link.text)).toEqual(['https://a.com', 'https://b.com', 'https://c.com']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { search } from './search';
import { buildSearchIndex } from './search-index';
import { foldWord, queryWords } from './tokenize';

const contents = [
  'Meeting tomorrow at the station',
  'The station is closed; meet at the café instead',
  'Ünïcödé test: Straße und Größe',
  'Привет, как дела? Встреча завтра',
  'party 🎉🎉 tonight 😀',
  'no match here',
  'Caf\u00e9 or cafe\u0301, both count',
  'e-mail me at alice@example.com',
  'ΟΔΟΣ and οδός',
  '안녕하세요 여러분',
];
const index = buildSearchIndex(contents.map((content) => ({ content })));
const found = (query: string) => search(index, query).map((h) => h.index);
const highlighted = (query: string) =>
  search(index, query).map((h) => (contents[h.index] as string).slice(h.start, h.end));

describe('search', () => {
  it('matches words by prefix, case-insensitively', () => {
    expect(found('stat')).toEqual([0, 1]);
    expect(found('STATION')).toEqual([0, 1]);
    expect(found('tion')).toEqual([]);
  });

  it('needs every query word to start some word of the message', () => {
    expect(found('meet station')).toEqual([0, 1]);
    expect(found('meeting closed')).toEqual([]);
    expect(found('the tomorrow')).toEqual([0]);
    expect(found('station zebra')).toEqual([]);
  });

  it('finds nothing for queries under 2 characters', () => {
    expect(found('m')).toEqual([]);
    expect(found('  t  ')).toEqual([]);
    expect(found('')).toEqual([]);
    expect(found('at')).toEqual([0, 1, 7]);
  });

  it('ignores emoji and punctuation as words', () => {
    expect(found('🎉🎉')).toEqual([]);
    expect(found('party 🎉')).toEqual([4]);
    expect(found('e-mail')).toEqual([7]);
    expect(found('alice@example')).toEqual([7]);
  });

  it('handles Unicode letters, accents and combining marks', () => {
    expect(found('ünïcödé')).toEqual([2]);
    expect(found('unicode')).toEqual([2]);
    expect(found('größe')).toEqual([2]);
    expect(found('strasse')).toEqual([]);
    expect(found('привет')).toEqual([3]);
    expect(found('ВСТРЕЧ')).toEqual([3]);
    expect(found('cafe')).toEqual([1, 6]);
    expect(found('café')).toEqual([1, 6]);
    expect(found('οδος')).toEqual([8]);
    expect(found('안녕')).toEqual([9]);
  });

  it('returns the range of the first occurrence of the first query word', () => {
    expect(search(index, 'station meet')[0]).toEqual({ index: 0, start: 24, end: 31 });
    expect(highlighted('stat')).toEqual(['stat', 'stat']);
    expect(highlighted('the')).toEqual(['the', 'The']);
    expect(highlighted('unic')).toEqual(['Ünïc']);
    expect(highlighted('cafe both')).toEqual(['Caf\u00e9']);
    expect(highlighted('caf')).toEqual(['caf', 'Caf']);
    expect(highlighted('встреча')).toEqual(['Встреча']);
    expect(highlighted('안녕')).toEqual(['안녕']);
  });

  it('limits the hits, first messages first', () => {
    expect(search(index, 'the', { limit: 1 }).map((h) => h.index)).toEqual([0]);
    expect(search(index, 'the', { limit: 0 })).toEqual([]);
  });

  it('works on an empty chat and on unknown words', () => {
    expect(search(buildSearchIndex([]), 'hello')).toEqual([]);
    expect(found('zzzz')).toEqual([]);
  });
});

describe('search over many messages', () => {
  const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
  const many = Array.from({ length: 5000 }, (_, i) => ({
    content: `${words[i % 8]} ${words[(i * 3) % 8]} item${i} ${i % 100 === 0 ? 'rare' : ''}`,
  }));
  const big = buildSearchIndex(many);
  const naive = (query: string) => {
    const terms = queryWords(query);
    return many
      .map((m, i) => [m.content, i] as const)
      .filter(([content]) => terms.every((t) => queryWords(content).some((w) => w.startsWith(t))))
      .map(([, i]) => i);
  };

  it.each(['al', 'rare', 'rare alpha', 'eta', 'item1', 'item12 beta', 'theta gamma', 'zeta rare', 'e'])(
    'agrees with a naive scan for %j',
    (query) => {
      const expected = query.length < 2 ? [] : naive(query);
      expect(search(big, query).map((h) => h.index)).toEqual(expected);
    },
  );
});

describe('foldWord', () => {
  it('lower-cases and drops accents of Latin, Greek and Cyrillic letters', () => {
    expect(foldWord('Ünïcödé')).toBe('unicode');
    expect(foldWord('ΟΔΟΣ')).toBe('οδοσ');
    expect(foldWord('Йогурт')).toBe('иогурт');
    expect(foldWord('ﬁle')).toBe('file');
  });
});

describe('search equals a naive scan', () => {
  it('for random chats and queries', () => {
    const word = fc.constantFrom(
      'Äpfel',
      'apfel',
      'ab',
      'abc',
      'Straße',
      'ÉCOLE',
      'école',
      'мир',
      'Мирный',
      '北京',
      'x1',
      '12',
      '😀',
      'e\u0301te',
    );
    const text = fc.array(word, { maxLength: 6 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 30 }),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.nat(3),
        (texts, q, cut) => {
          const query = q.map((w) => w.slice(0, Math.max(1, w.length - cut))).join(' ');
          const terms = queryWords(query);
          const expected =
            Array.from(query.trim()).length < 2 || terms.length === 0
              ? []
              : texts.flatMap((t, i) =>
                  terms.every((term) => queryWords(t).some((w) => w.startsWith(term))) ? [i] : [],
                );
          const idx = buildSearchIndex(texts.map((content) => ({ content })));
          expect(search(idx, query).map((h) => h.index)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

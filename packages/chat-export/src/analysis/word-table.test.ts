import { describe, expect, it } from 'vitest';
import { detectLanguages, stopWordMask } from './stop-words';
import { isRankedWord, normaliseWord, WordTable, wordKey } from './word-table';

describe('word normalisation', () => {
  it('folds case and accents once per spelling', () => {
    const table = new WordTable();
    const ids = ['Café', 'cafe', 'CAFÉ', 'café'].map((raw) => table.rawId(raw));
    expect(ids).toEqual([0, 1, 2, 3]);
    expect(new Set(ids.map((id) => table.wordOfRaw[id]))).toEqual(new Set([0]));
    expect(table.words).toEqual(['cafe']);
    expect(table.rawId('Café')).toBe(0);
  });

  it('reads a filter word like a scanned word', () => {
    expect(normaliseWord('Café')).toBe('cafe');
    expect(normaliseWord('Straße')).toBe('straße');
    expect(normaliseWord('')).toBeNull();
    expect(normaliseWord(wordKey('\ufc63'))).toBe(wordKey('\ufc63'));
    // keys are fixed points: 𝐀 folds to A (case is folded before NFKD), the key is a
    expect(wordKey('𝐀b')).toBe('ab');
    expect(normaliseWord(wordKey('⑴'))).toBe(wordKey('⑴'));
  });

  it('ranks words of two or more characters that are not only digits', () => {
    expect(isRankedWord('ok')).toBe(true);
    expect(isRankedWord('a')).toBe(false);
    expect(isRankedWord('2024')).toBe(false);
    expect(isRankedWord('3pm')).toBe(true);
    expect(isRankedWord('日本')).toBe(true);
    expect(isRankedWord('😀')).toBe(false);
  });
});

describe('stop words', () => {
  it('are stored folded and tagged by language', () => {
    expect(stopWordMask('the')).not.toBe(0);
    expect(stopWordMask('uber')).toBe(0);
    expect(stopWordMask('fur')).toBe(0);
    expect(stopWordMask('tambien')).not.toBe(0); // también
    expect(stopWordMask('что')).not.toBe(0);
    expect(stopWordMask('coffee')).toBe(0);
  });

  it('detect languages from words only one language lists', () => {
    const counts = (text: string) => {
      const map = new Map<string, number>();
      for (const word of text.split(' ')) map.set(word, (map.get(word) ?? 0) + 1);
      return map;
    };
    expect(detectLanguages(counts('the cat and the dog were here'))).toEqual(['en']);
    expect(detectLanguages(counts('ich habe nicht gewusst dass sie kommt und the'))).toEqual(['de']);
    expect(detectLanguages(counts('the and the nicht nicht'))).toEqual(['en', 'de']);
    // "in" and "die" are listed by several languages and decide nothing
    expect(detectLanguages(counts('in in in die die die'))).toEqual([]);
    expect(detectLanguages(counts('nosotros tambien pero mucho'))).toEqual(['es']);
  });
});

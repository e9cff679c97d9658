// Words for search: runs of Unicode letters and digits, combining marks kept with their letter.
// Words are folded for matching: lower case, compatibility forms (NFKD), Latin/Greek/Cyrillic
// accents dropped (so "cafe" finds "Café", "ünïcödé" finds "Ünïcödé"), final sigma as sigma.

export const OTHER = 0;
export const WORD = 1;
export const MARK = 2;
const IS_WORD = /[\p{L}\p{N}]/u;
const IS_MARK = /\p{M}/u;
const classes = new Uint8Array(0x10000);
const classKnown = new Uint8Array(0x10000);
const astral = new Map<number, number>();

function classify(cp: number): number {
  const ch = String.fromCodePoint(cp);
  return IS_WORD.test(ch) ? WORD : IS_MARK.test(ch) ? MARK : OTHER;
}

/** WORD, MARK or OTHER for a code point; cached, the first look costs a regex test. */
export function charClass(cp: number): number {
  if (cp < 0x80) {
    return (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) ? WORD : OTHER;
  }
  if (cp < 0x10000) {
    if (classKnown[cp] === 0) {
      classes[cp] = classify(cp);
      classKnown[cp] = 1;
    }
    return classes[cp] as number;
  }
  let known = astral.get(cp);
  if (known === undefined) {
    known = classify(cp);
    astral.set(cp, known);
  }
  return known;
}

/**
 * Calls `onWord(start, end)` for every word of `text`, in order. A word starts with a letter or
 * digit and continues over letters, digits and combining marks.
 */
export function forEachWord(text: string, onWord: (start: number, end: number) => void): void {
  const n = text.length;
  let start = -1;
  for (let i = 0; i < n; ) {
    const cp = text.codePointAt(i) as number;
    const size = cp > 0xffff ? 2 : 1;
    const cls = charClass(cp);
    if (start < 0) {
      if (cls === WORD) start = i;
    } else if (cls === OTHER) {
      onWord(start, i);
      start = -1;
    }
    i += size;
  }
  if (start >= 0) onWord(start, n);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  if (isAscii(lower)) return lower;
  return lower
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ς/g, 'σ');
}

/** The folded words of a text, in order, each once. */
export function queryWords(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, (start, end) => {
    const word = foldWord(text.slice(start, end));
    if (word && !words.includes(word)) words.push(word);
  });
  return words;
}

const foldLengths = new Map<number, number>();

/** Length of the folded form of one code point, cached. */
function foldedLength(cp: number): number {
  let length = foldLengths.get(cp);
  if (length === undefined) {
    length = foldWord(String.fromCodePoint(cp)).length;
    foldLengths.set(cp, length);
  }
  return length;
}

/**
 * How many code units of `text` from `start` make up a folded prefix of `foldedLength` units,
 * plus the combining marks that follow: the end of the highlight of a prefix match.
 */
export function originalPrefixEnd(text: string, start: number, prefixLength: number): number {
  let i = start;
  let folded = 0;
  while (i < text.length && folded < prefixLength) {
    const cp = text.codePointAt(i) as number;
    folded += cp < 0x80 ? 1 : foldedLength(cp);
    i += cp > 0xffff ? 2 : 1;
  }
  while (i < text.length && charClass(text.codePointAt(i) as number) === MARK) i++;
  return i;
}

import { charClass, OTHER, WORD } from '../tokenize';
import { forEachEmoji, isEmojiCandidate } from './emoji';
import { forEachLink } from './links';
import { HASH_PRIME, HASH_SEED } from './word-table';

/** What a scan reports besides the counts; every hook is optional. */
export interface TextSink {
  /** A word outside links: `text.slice(start, end)`; `hash` is its wordHash. */
  word?(text: string, start: number, end: number, hash: number): void;
  link?(domain: string): void;
  emoji?(key: string): void;
}

const WWW = /www\./i;

function isWideSpace(c: number): boolean {
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/**
 * One pass over a message text: links (found by one regex), words between them, code points, and
 * the position of the first emoji candidate; Intl.Segmenter runs only from that position, so plain
 * text never reaches it. Counts are left in the public fields after each `scan`.
 */
export class TextScanner {
  words = 0;
  characters = 0;
  links = 0;
  emoji = 0;
  private readonly linkStart: number[] = [];
  private readonly linkEnd: number[] = [];
  private readonly linkDomain: string[] = [];
  private firstEmoji = -1;
  private sink: TextSink = {};
  private readonly onLink = (start: number, end: number, domain: string) => {
    this.linkStart[this.links] = start;
    this.linkEnd[this.links] = end;
    this.linkDomain[this.links] = domain;
    this.links++;
  };
  private readonly onEmoji = (key: string) => {
    this.emoji++;
    this.sink.emoji?.(key);
  };

  /** `withEmoji` false skips the grapheme pass (emoji stays 0). */
  constructor(private readonly withEmoji = true) {}

  scan(text: string, sink: TextSink): void {
    this.sink = sink;
    this.words = 0;
    this.characters = 0;
    this.links = 0;
    this.emoji = 0;
    this.firstEmoji = -1;
    if (text.length === 0) return;
    if (text.includes('://') || WWW.test(text)) forEachLink(text, this.onLink);
    let pos = 0;
    for (let k = 0; k < this.links; k++) {
      const start = this.linkStart[k] as number;
      const end = this.linkEnd[k] as number;
      this.scanWords(text, pos, start);
      this.words++;
      this.characters += codePoints(text, start, end);
      sink.link?.(this.linkDomain[k] as string);
      pos = end;
    }
    this.scanWords(text, pos, text.length);
    if (this.withEmoji && this.firstEmoji >= 0) forEachEmoji(text, this.firstEmoji, this.onEmoji);
  }

  private scanWords(text: string, from: number, to: number): void {
    const onWord = this.sink.word;
    let start = -1;
    let hash = 0;
    let space = true;
    let words = 0;
    let characters = 0;
    for (let i = from; i < to; ) {
      const c = text.charCodeAt(i);
      let cls: number;
      let size = 1;
      if (c < 0x80) {
        const lower = c | 0x20;
        cls = (c >= 48 && c <= 57) || (lower >= 97 && lower <= 122) ? WORD : OTHER;
        if (c <= 32) space = true;
      } else {
        const cp = text.codePointAt(i) as number;
        if (cp > 0xffff) size = 2;
        cls = charClass(cp);
        // Not only symbols: ℹ is a letter, the keycap U+20E3 a mark.
        if (this.firstEmoji < 0 && isEmojiCandidate(cp)) this.firstEmoji = i;
        if (cls === OTHER && isWideSpace(c)) space = true;
      }
      characters++;
      if (start < 0) {
        if (cls === WORD) {
          start = i;
          hash = HASH_SEED;
          if (space) {
            words++;
            space = false;
          }
        }
      } else if (cls === OTHER) {
        onWord?.call(this.sink, text, start, i, hash);
        start = -1;
      }
      if (start >= 0) {
        hash = Math.imul(hash ^ c, HASH_PRIME);
        if (size === 2) hash = Math.imul(hash ^ text.charCodeAt(i + 1), HASH_PRIME);
      }
      i += size;
    }
    if (start >= 0) onWord?.call(this.sink, text, start, to, hash);
    this.words += words;
    this.characters += characters;
  }
}

function codePoints(text: string, from: number, to: number): number {
  let n = to - from;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) n--;
  }
  return n;
}

import { foldWord } from '../tokenize';

/**
 * The folded form of a word, folded again until it stays put: search folds case before NFKD, so
 * `𝐀` folds to `A`; folding the key once more makes it a fixed point a filter can be read back into.
 */
export function wordKey(raw: string): string {
  let key = foldWord(raw);
  for (let i = 0; i < 3; i++) {
    const again = foldWord(key);
    if (again === key) break;
    key = again;
  }
  return key;
}

export const HASH_SEED = 0x811c9dc5 | 0;
export const HASH_PRIME = 0x01000193;

/** FNV-1a over the code units of `text.slice(start, end)` (the scan computes the same on the fly). */
export function wordHash(text: string, start: number, end: number): number {
  let hash = HASH_SEED;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), HASH_PRIME);
  return hash;
}

/**
 * Word normalisation shared by top words and selectMessages: a word is a run of letters and digits
 * as search splits it, folded as search folds it (lower case, NFKD, Latin/Greek/Cyrillic accents
 * dropped). Each distinct raw spelling is folded once; `rawId` is what the scan counts.
 */
export class WordTable {
  private readonly wordIds = new Map<string, number>();
  /** Raw spellings by raw id. */
  readonly raw: string[] = [];
  /** Word id of each raw id. */
  readonly wordOfRaw: number[] = [];
  /** Folded words by word id. */
  readonly words: string[] = [];
  // Open-addressing table of raw spellings (slot: raw id + 1, 0 empty), so a known word is found
  // from its place in the text without slicing it out: most words of a chat are known words.
  private slots = new Int32Array(4096);
  private hashes = new Int32Array(4096);

  rawId(raw: string): number {
    return this.rawIdAt(raw, 0, raw.length);
  }

  /** Raw id of `text.slice(start, end)`, added when new; `hash` is its wordHash when known. */
  rawIdAt(text: string, start: number, end: number, hash = wordHash(text, start, end)): number {
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let id = this.slots[slot] as number; id !== 0; id = this.slots[slot] as number) {
      if (this.hashes[slot] === hash) {
        const raw = this.raw[id - 1] as string;
        if (raw.length === end - start && text.startsWith(raw, start)) return id - 1;
      }
      slot = (slot + 1) & mask;
    }
    const raw = text.slice(start, end);
    const id = this.raw.length;
    this.raw.push(raw);
    this.wordOfRaw.push(this.wordId(wordKey(raw)));
    this.slots[slot] = id + 1;
    this.hashes[slot] = hash;
    if (this.raw.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const hashes = new Int32Array(slots.length);
    const mask = slots.length - 1;
    for (let s = 0; s < this.slots.length; s++) {
      const id = this.slots[s] as number;
      if (id === 0) continue;
      const hash = this.hashes[s] as number;
      let slot = hash & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id;
      hashes[slot] = hash;
    }
    this.slots = slots;
    this.hashes = hashes;
  }

  /** Id of a folded word, added when new. */
  wordId(folded: string): number {
    let id = this.wordIds.get(folded);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(folded);
      this.wordIds.set(folded, id);
    }
    return id;
  }
}

/**
 * The normalised form of a word as the UI passes it (a top word's key, or `Café`), null if empty.
 * Not trimmed: a key may start with a space (NFKD of some Arabic ligatures does).
 */
export function normaliseWord(text: string): string | null {
  const key = typeof text === 'string' ? wordKey(text) : '';
  return key === '' ? null : key;
}

/** Whether a folded word may be a top word: not a single character, not only digits. */
export function isRankedWord(folded: string): boolean {
  const first = folded.codePointAt(0) ?? 0;
  if (folded.length <= (first > 0xffff ? 2 : 1)) return false;
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charCodeAt(i);
    if (c < 48 || c > 57) return true;
  }
  return false;
}

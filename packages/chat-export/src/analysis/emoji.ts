// Emoji are whole graphemes (Intl.Segmenter), so 👍🏽, 👨‍👩‍👧 and 🇩🇪 count once each. A grapheme is an
// emoji when it holds an Extended_Pictographic or Regional_Indicator code point or a keycap
// (U+20E3), except a lone text-style symbol (©, ™, ↔ without U+FE0F), which is typography.

const CANDIDATE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const PRESENTATION = /^\p{Emoji_Presentation}$/u;
const VS = /[\ufe0e\ufe0f]/g;
const bmpKnown = new Uint8Array(0x10000); // 0 unknown, 1 no, 2 yes
const astralKnown = new Map<number, boolean>();

/** Whether a code point can make a grapheme an emoji; the scan only segments around these. */
export function isEmojiCandidate(cp: number): boolean {
  if (cp < 0xa9) return false;
  if (cp < 0x10000) {
    let known = bmpKnown[cp] as number;
    if (known === 0) {
      known = CANDIDATE.test(String.fromCharCode(cp)) ? 2 : 1;
      bmpKnown[cp] = known;
    }
    return known === 2;
  }
  let known = astralKnown.get(cp);
  if (known === undefined) {
    known = CANDIDATE.test(String.fromCodePoint(cp));
    astralKnown.set(cp, known);
  }
  return known;
}

/**
 * The counting key of a grapheme, or null when it is no emoji. Variation selectors are unified for
 * single symbols (❤ + U+FE0F and a presentation emoji with a stray U+FE0F count with their usual form);
 * sequences stay as written.
 */
export function emojiKey(grapheme: string): string | null {
  let candidate = false;
  for (let i = 0; i < grapheme.length; ) {
    const cp = grapheme.codePointAt(i) as number;
    if (isEmojiCandidate(cp)) {
      candidate = true;
      break;
    }
    i += cp > 0xffff ? 2 : 1;
  }
  if (!candidate) return null;
  const bare =
    grapheme.includes('\ufe0f') || grapheme.includes('\ufe0e') ? grapheme.replace(VS, '') : grapheme;
  const first = bare.codePointAt(0) as number;
  if (bare.length !== (first > 0xffff ? 2 : 1)) return grapheme;
  if (PRESENTATION.test(bare)) return bare;
  // A lone text-style symbol is an emoji only when asked for emoji presentation.
  return grapheme.includes('\ufe0f') ? `${bare}\ufe0f` : null;
}

let segmenter: Intl.Segmenter | undefined;

function graphemes(): Intl.Segmenter {
  // Grapheme rules are the same in every locale; naming one keeps the result machine-independent.
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return segmenter;
}

/** Position of the first emoji candidate at or after `from`, or -1. */
export function nextCandidate(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xa9) continue;
    const cp = text.codePointAt(i) as number;
    if (isEmojiCandidate(cp)) return i;
    if (cp > 0xffff) i++;
  }
  return -1;
}

const simpleKeys = new Map<number, string | null>();

/** emojiKey of a lone code point (with U+FE0F when `selector`), cached. */
function simpleKey(cp: number, selector: boolean): string | null {
  const k = cp * 2 + (selector ? 1 : 0);
  let key = simpleKeys.get(k);
  if (key === undefined) {
    key = emojiKey(String.fromCodePoint(cp) + (selector ? '\ufe0f' : ''));
    simpleKeys.set(k, key);
  }
  return key;
}

// Code points around which a grapheme boundary is certain (UAX #29: only ZWJ and Prepend join what
// follows, only Extend, ZWJ, SpacingMark and paired Regional_Indicators join what precedes). The
// lists are kept short on purpose: anything else goes to Intl.Segmenter.
const isPictographBase = (cp: number) => cp >= 0x1f300 && cp <= 0x1faff && !(cp >= 0x1f3fb && cp <= 0x1f3ff); // not a skin tone (Extend)
const breaksBefore = (cp: number) => cp < 0x80 || cp === 0xfe0f || (cp >= 0x1f000 && cp <= 0x1faff);
const breaksAfter = (cp: number) => cp < 0x80 || isPictographBase(cp);

/**
 * End of the grapheme starting at `i` when it is a lone pictograph (optionally + U+FE0F) with
 * certain boundaries on both sides, else -1 (the caller segments).
 */
function simpleGraphemeEnd(text: string, i: number, cp: number): number {
  if (!(isPictographBase(cp) || (cp >= 0xa9 && cp < 0x3300 && cp !== 0x20e3))) return -1;
  if (i > 0) {
    const unit = text.charCodeAt(i - 1);
    const before = unit >= 0xdc00 && unit <= 0xdfff && i > 1 ? (text.codePointAt(i - 2) as number) : unit;
    if (!breaksBefore(before)) return -1;
  }
  let end = i + (cp > 0xffff ? 2 : 1);
  if (text.charCodeAt(end) === 0xfe0f) end++;
  return end >= text.length || breaksAfter(text.codePointAt(end) as number) ? end : -1;
}

/** Calls `onEmoji(key)` for every emoji grapheme of `text` from position `from` (a candidate or -1). */
export function forEachEmoji(text: string, from: number, onEmoji: (key: string) => void): void {
  let segments: Intl.Segments | undefined;
  for (let i = from; i >= 0; ) {
    const cp = text.codePointAt(i) as number;
    const simpleEnd = simpleGraphemeEnd(text, i, cp);
    if (simpleEnd >= 0) {
      const key = simpleKey(cp, simpleEnd - i > (cp > 0xffff ? 2 : 1));
      if (key !== null) onEmoji(key);
      i = nextCandidate(text, simpleEnd);
      continue;
    }
    segments ??= graphemes().segment(text);
    const segment = segments.containing(i);
    if (segment === undefined) return;
    const key = emojiKey(segment.segment);
    if (key !== null) onEmoji(key);
    i = nextCandidate(text, segment.index + segment.segment.length);
  }
}

/** forEachEmoji by Intl.Segmenter alone, the reference the fast path is tested against. */
export function forEachEmojiSegmented(text: string, onEmoji: (key: string) => void): void {
  for (const { segment } of graphemes().segment(text)) {
    const key = emojiKey(segment);
    if (key !== null) onEmoji(key);
  }
}

/** The key of the first emoji in `text` (how selectMessages reads its `emoji` filter), or null. */
export function firstEmojiKey(text: string): string | null {
  let first: string | null = null;
  forEachEmoji(text, nextCandidate(text, 0), (key) => {
    first ??= key;
  });
  return first;
}

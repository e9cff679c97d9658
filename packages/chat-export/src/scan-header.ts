import { COLON, DASH, DOT, digitAt, isMark, isSpace, SLASH } from './chars';
import { meridiemAfter, meridiemBefore, to24h } from './meridiem';
import { FALLBACK, scanPlain } from './scan-plain';

/**
 * The date and time that open a message line, as written:
 * Android `12/01/2024, 21:05 - …`, iOS `[12/01/2024, 21:05:12] …`, with every variant of separators,
 * year position, clock, AM/PM marker and digit script that the exports use. The scanner fills one
 * reusable object, so lines cost no allocation.
 */
export interface LineHeader {
  /** Date parts in written order; which is the day is decided later for the whole file. */
  p1: number;
  p2: number;
  p3: number;
  /** `2024-01-12`, `2024. 01. 12.`, `2024/1/12`: always year, month, day. */
  yearFirst: boolean;
  /** Upper-case `AM`/`PM` after a slash date: the en-US look, used only when nothing else decides. */
  usHint: boolean;
  bracket: boolean;
  /** 24-hour clock. */
  hour: number;
  minute: number;
  second: number;
  /** Index where the text after the header starts. */
  rest: number;
}

export function emptyHeader(): LineHeader {
  return {
    p1: 0,
    p2: 0,
    p3: 0,
    yearFirst: false,
    usHint: false,
    bracket: false,
    hour: 0,
    minute: 0,
    second: 0,
    rest: 0,
  };
}

const FILLER = /^[\p{L}.]+$/u;

/** value * 8 + digit count, or -1 when there is no number of at most maxLen digits at i. */
function readNumber(s: string, i: number, end: number, maxLen: number): number {
  let value = 0;
  let n = 0;
  while (i + n < end && n <= maxLen) {
    const d = digitAt(s, i + n);
    if (d < 0) break;
    value = value * 10 + d;
    n++;
  }
  return n === 0 || n > maxLen ? -1 : value * 8 + n;
}

function skipMarks(s: string, i: number, end: number): number {
  while (i < end && isMark(s.charCodeAt(i))) i++;
  return i;
}

function skipBlank(s: string, i: number, end: number): number {
  while (i < end) {
    const c = s.charCodeAt(i);
    if (!isSpace(c) && !isMark(c)) break;
    i++;
  }
  return i;
}

/**
 * The general scanner: every separator, marker, word and digit script. Exported for the test that
 * checks the fast path against it.
 */
export function scanHeaderGeneral(s: string, start: number, end: number, out: LineHeader): boolean {
  let i = skipMarks(s, start, end);
  const bracket = s.charCodeAt(i) === 91; // [
  if (bracket) i = skipMarks(s, i + 1, end);
  if (digitAt(s, i) < 0) return false;

  // Date: three numbers and one separator, spaces after it allowed (`2024. 1. 12.`).
  const r1 = readNumber(s, i, end, 4);
  if (r1 < 0) return false;
  i = skipMarks(s, i + (r1 & 7), end);
  const sep = s.charCodeAt(i);
  if (sep !== SLASH && sep !== DOT && sep !== DASH) return false;
  i = skipBlank(s, i + 1, end);
  const r2 = readNumber(s, i, end, 2);
  if (r2 < 0) return false;
  i = skipMarks(s, i + (r2 & 7), end);
  if (s.charCodeAt(i) !== sep) return false;
  i = skipBlank(s, i + 1, end);
  const r3 = readNumber(s, i, end, 4);
  if (r3 < 0) return false;
  i += r3 & 7;
  const len1 = r1 & 7;
  const len3 = r3 & 7;
  const yearFirst = len1 === 4;
  if (yearFirst ? len3 > 2 : len1 > 2 || (len3 !== 2 && len3 !== 4)) return false;
  if (sep === DOT && s.charCodeAt(i) === DOT) i++;

  // Between date and time: a comma, spaces, then words such as `à`, `klo`, `um` or a 오후/午後/下午 marker.
  i = skipMarks(s, i, end);
  const comma = s.charCodeAt(i);
  if (comma === 44 || comma === 0x60c) i++;
  const afterDate = i;
  i = skipBlank(s, i, end);
  if (i === afterDate) return false;
  let meridiem = 0;
  for (let words = 0; digitAt(s, i) < 0; words++) {
    let j = i;
    while (
      j < end &&
      j - i < 12 &&
      digitAt(s, j) < 0 &&
      !isSpace(s.charCodeAt(j)) &&
      !isMark(s.charCodeAt(j))
    )
      j++;
    if (words === 2 || j === i) return false;
    const word = s.slice(i, j);
    const before = meridiemBefore(word);
    if (before) meridiem = before;
    else if (!FILLER.test(word)) return false;
    i = skipBlank(s, j, end);
  }

  // Time: h:mm, h:mm:ss, or with dots (`21.05`).
  const rh = readNumber(s, i, end, 2);
  if (rh < 0) return false;
  i += rh & 7;
  const tsep = s.charCodeAt(i);
  if (tsep !== COLON && tsep !== DOT) return false;
  const rm = readNumber(s, i + 1, end, 2);
  if (rm < 0 || (rm & 7) !== 2) return false;
  i += 3;
  let second = 0;
  if (s.charCodeAt(i) === tsep && digitAt(s, i + 1) >= 0) {
    const rs = readNumber(s, i + 1, end, 2);
    if (rs < 0 || (rs & 7) !== 2) return false;
    second = rs >> 3;
    i += 3;
  }

  // A marker after the time (`PM`, `p. m.`, `nachm.`, `μ.μ.`, `م`) runs up to `]`, `-` or `:`.
  const markStart = skipBlank(s, i, end);
  let j = markStart;
  let markEnd = markStart;
  while (j < end && j - markStart < 14) {
    const c = s.charCodeAt(j);
    if (c === 93 || c === DASH || c === 0x2013 || c === COLON || digitAt(s, j) >= 0) break;
    j++;
    if (!isSpace(c) && !isMark(c)) markEnd = j;
  }
  let usHint = false;
  if (markEnd > markStart) {
    const raw = s.slice(markStart, markEnd);
    const after = meridiemAfter(raw);
    if (!after || meridiem) return false;
    meridiem = after;
    usHint = sep === SLASH && (raw === 'AM' || raw === 'PM');
    i = markEnd;
  }
  const hour = to24h(rh >> 3, meridiem);
  const minute = rm >> 3;
  if (hour < 0 || minute > 59 || second > 59) return false;

  // Closing `]` (iOS) or ` - ` (Android); older exports without brackets use `: `.
  i = skipBlank(s, i, end);
  const close = s.charCodeAt(i);
  if (bracket ? close !== 93 : close !== DASH && close !== 0x2013 && close !== COLON) return false;
  i++;
  if (i < end) {
    if (!isSpace(s.charCodeAt(i))) return false;
    i++;
  }
  out.p1 = r1 >> 3;
  out.p2 = r2 >> 3;
  out.p3 = r3 >> 3;
  out.yearFirst = yearFirst;
  out.usHint = usHint;
  out.bracket = bracket;
  out.hour = hour;
  out.minute = minute;
  out.second = second;
  out.rest = i;
  return true;
}

/** Reads the header of the line s[start, end) into `out`; false when the line does not open a message. */
export function scanHeader(s: string, start: number, end: number, out: LineHeader): boolean {
  const plain = scanPlain(s, start, end, out);
  return plain === FALLBACK ? scanHeaderGeneral(s, start, end, out) : plain === 1;
}

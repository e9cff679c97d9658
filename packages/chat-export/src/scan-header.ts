import { COLON, DASH, DOT, digitAt, isMark, isSpace, SLASH } from './chars';
import { meridiemAfter, meridiemBefore, to24h } from './meridiem';
import { monthAt } from './month-names';
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
  /**
   * `2024-01-12`, `2024. 01. 12.`, `2024/1/12`: always year, month, day. Dates with a month name
   * (`28 Aug 2013`, `Mar 5`) are stored the same way, with year -1 when none is written.
   */
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

// Scratch results of readDate and readTime: the scanner allocates nothing per line.
let dateP1 = 0;
let dateP2 = 0;
let dateP3 = 0;
let dateYearFirst = false;
let dateSlash = false;
let dateTrailingDot = false;
let timeHour = 0;
let timeMinute = 0;
let timeSecond = 0;
let meridiemFound = 0;
let meridiemUpper = false;

const ERA_R = 82; // R: Reiwa, year 1 = 2019
const ERA_H = 72; // H: Heisei, year 1 = 1989, last year 31

/**
 * A year written with a Japanese era letter (`R4`, `H31`): the Gregorian year * 8 + 4, so that
 * callers see a four-digit year; -1 when there is none at i.
 */
function readEraYear(s: string, i: number, end: number): number {
  const era = s.charCodeAt(i);
  if (era !== ERA_R && era !== ERA_H) return -1;
  const r = readNumber(s, i + 1, end, 2);
  if (r < 0 || r >> 3 === 0) return -1;
  const n = r >> 3;
  if (era === ERA_H && n > 31) return -1;
  return ((era === ERA_R ? 2018 : 1988) + n) * 8 + 4;
}

/** Length of a Buddhist-era word (`BE`, `B.E.`, `พ.ศ.`) at i, else 0. */
function buddhistEraAt(s: string, i: number, end: number): number {
  let n = 0;
  if (s.startsWith('B.E.', i)) n = 4;
  else if (s.startsWith('BE', i)) n = 2;
  else if (s.startsWith('พ.ศ.', i)) n = 4;
  if (n === 0) return 0;
  const next = i + n < end ? s.charCodeAt(i + n) : 32;
  return (next >= 65 && next <= 90) || (next >= 97 && next <= 122) ? 0 : n;
}

/** Years from 2500 on are Buddhist era (2565 BE = 2022): no chat is written in the 26th century. */
function gregorian(year: number): number {
  return year >= 2500 ? year - 543 : year;
}

/**
 * Date: three numbers and one separator, spaces after it allowed (`2024. 1. 12.`); the year may be
 * first, last, in the middle (`06/2018/13`), carry a Japanese era letter (`3/18/R4`) or be a
 * Buddhist-era year (`3/18/2565 BE`). Returns the index after the date, or -1.
 */
function readDate(s: string, i: number, end: number): number {
  let r1 = readNumber(s, i, end, 4);
  let advance = r1 & 7;
  if (r1 < 0) {
    r1 = readEraYear(s, i, end);
    if (r1 < 0) return -1;
    advance = eraLength(s, i, end);
  }
  i = skipMarks(s, i + advance, end);
  const sep = s.charCodeAt(i);
  if (sep !== SLASH && sep !== DOT && sep !== DASH) return -1;
  i = skipBlank(s, i + 1, end);
  const r2 = readNumber(s, i, end, 4);
  if (r2 < 0) return -1;
  i = skipMarks(s, i + (r2 & 7), end);
  if (s.charCodeAt(i) !== sep) return -1;
  i = skipBlank(s, i + 1, end);
  let r3 = readNumber(s, i, end, 4);
  let len3 = r3 & 7;
  if (r3 >= 0) i += len3;
  else {
    r3 = readEraYear(s, i, end);
    if (r3 < 0) return -1;
    i += eraLength(s, i, end);
    len3 = 4;
  }
  const len1 = r1 & 7;
  const len2 = r2 & 7;
  let p1 = r1 >> 3;
  let p2 = r2 >> 3;
  let p3 = r3 >> 3;
  const yearFirst = len1 === 4;
  if (len2 === 4) {
    // Year in the middle: the other two parts are day and month, in an order decided later.
    if (len1 > 2 || len3 > 2) return -1;
    p2 = p3;
    p3 = r2 >> 3;
  } else if (yearFirst ? len3 > 2 : len1 > 2 || (len3 !== 2 && len3 !== 4)) return -1;
  if (len2 === 3) return -1;
  let trailingDot = false;
  if (sep === DOT && s.charCodeAt(i) === DOT) {
    i++;
    trailingDot = true;
  }
  if (!yearFirst && isSpace(s.charCodeAt(i))) {
    const era = buddhistEraAt(s, i + 1, end);
    if (era > 0) {
      if (len3 === 2) p3 += 2500;
      if (p3 < 2500) return -1;
      i += 1 + era;
    }
  }
  if (yearFirst) p1 = gregorian(p1);
  else p3 = gregorian(p3);
  dateP1 = p1;
  dateP2 = p2;
  dateP3 = p3;
  dateYearFirst = yearFirst;
  dateSlash = sep === SLASH;
  dateTrailingDot = trailingDot;
  return i;
}

/**
 * Date with an English month name, day first or month first, the year optional: `28 Aug 2013`,
 * `18 Mar`, `Mar 5, 2014`, `Mar 5`. Stored like a year-first date (year -1 when not written), so
 * these unambiguous dates take no part in deciding the day order. Returns the index after it, or -1.
 */
function readMonthDate(s: string, i: number, end: number): number {
  let month: number;
  let day = readNumber(s, i, end, 2);
  if (day >= 0) {
    i += day & 7;
    if (!isSpace(s.charCodeAt(i))) return -1;
    month = monthAt(s, i + 1, end);
    if (month < 0) return -1;
    i += 1 + (month & 15);
  } else {
    month = monthAt(s, i, end);
    if (month < 0) return -1;
    i += month & 15;
    if (!isSpace(s.charCodeAt(i))) return -1;
    day = readNumber(s, i + 1, end, 2);
    if (day < 0) return -1;
    i += 1 + (day & 7);
  }
  // A four-digit year after a space or `, `; a shorter number is the time.
  let year = -1;
  const j = s.charCodeAt(i) === 44 ? i + 1 : i;
  if (isSpace(s.charCodeAt(j))) {
    const r = readNumber(s, j + 1, end, 4);
    if (r >= 0 && (r & 7) === 4) {
      year = gregorian(r >> 3);
      i = j + 5;
    }
  }
  dateP1 = year;
  dateP2 = month >> 4;
  dateP3 = day >> 3;
  dateYearFirst = true;
  dateSlash = false;
  dateTrailingDot = false;
  return i;
}

/** Code units of the era year at i (`R4` is 2, `H31` is 3); only called where readEraYear matched. */
function eraLength(s: string, i: number, end: number): number {
  return 1 + (readNumber(s, i + 1, end, 2) & 7);
}

/** Time: h:mm, h:mm:ss, or with dots (`21.05`). Returns the index after it, or -1. */
function readTime(s: string, i: number, end: number, colonOnly: boolean): number {
  const rh = readNumber(s, i, end, 2);
  if (rh < 0) return -1;
  i += rh & 7;
  const tsep = s.charCodeAt(i);
  if (tsep !== COLON && (colonOnly || tsep !== DOT)) return -1;
  const rm = readNumber(s, i + 1, end, 2);
  if (rm < 0 || (rm & 7) !== 2) return -1;
  i += 3;
  let second = 0;
  if (s.charCodeAt(i) === tsep && digitAt(s, i + 1) >= 0) {
    const rs = readNumber(s, i + 1, end, 2);
    if (rs < 0 || (rs & 7) !== 2) return -1;
    second = rs >> 3;
    i += 3;
  }
  timeHour = rh >> 3;
  timeMinute = rm >> 3;
  timeSecond = second;
  return i;
}

/**
 * A marker after the time (`PM`, `p. m.`, `nachm.`, `μ.μ.`, `م`, `in the afternoon`) runs up to `]`, `-`, `:`, a digit
 * (or `,` when the date follows). Returns the index after it (AM/PM in meridiemFound, 0 when there
 * is no marker), or -1 when the text there is no marker.
 */
function readMeridiemAfter(s: string, i: number, end: number, stopAtComma: boolean): number {
  const markStart = skipBlank(s, i, end);
  let j = markStart;
  let markEnd = markStart;
  while (j < end && j - markStart < 16) {
    const c = s.charCodeAt(j);
    if (c === 93 || c === DASH || c === 0x2013 || c === COLON || digitAt(s, j) >= 0) break;
    if (stopAtComma && c === 44) break;
    j++;
    if (!isSpace(c) && !isMark(c)) markEnd = j;
  }
  meridiemFound = 0;
  meridiemUpper = false;
  if (markEnd === markStart) return i;
  const after = meridiemAfter(s.slice(markStart, markEnd));
  if (!after) return -1;
  meridiemFound = after;
  const c = s.charCodeAt(markStart);
  meridiemUpper = markEnd - markStart === 2 && (c === 65 || c === 80) && s.charCodeAt(markStart + 1) === 77;
  return markEnd;
}

/**
 * Closing `]` (iOS) or ` - ` (Android); older exports without brackets use `: `. Returns the index
 * where the text starts, or -1.
 */
function readClose(s: string, i: number, end: number, bracket: boolean): number {
  i = skipBlank(s, i, end);
  const close = s.charCodeAt(i);
  if (bracket ? close !== 93 : close !== DASH && close !== 0x2013 && close !== COLON) return -1;
  i++;
  if (i < end) {
    if (!isSpace(s.charCodeAt(i))) return -1;
    i++;
  }
  return i;
}

/** `[14:56:01, 3/18/22] ` (Vietnamese iOS): the time before the date. */
function scanTimeFirst(s: string, i: number, end: number, bracket: boolean, out: LineHeader): boolean {
  i = readTime(s, i, end, true);
  if (i < 0) return false;
  const hour12 = timeHour;
  const minute = timeMinute;
  const second = timeSecond;
  i = readMeridiemAfter(s, i, end, true);
  if (i < 0) return false;
  const meridiem = meridiemFound;
  const upper = meridiemUpper;
  i = skipMarks(s, i, end);
  if (s.charCodeAt(i) === 44) i++;
  const afterTime = i;
  i = skipBlank(s, i, end);
  if (i === afterTime) return false;
  const dateStart = i;
  i = readDate(s, dateStart, end);
  if (i < 0) i = readMonthDate(s, dateStart, end);
  if (i < 0) return false;
  const hour = to24h(hour12, meridiem);
  if (hour < 0 || minute > 59 || second > 59) return false;
  i = readClose(s, i, end, bracket);
  if (i < 0) return false;
  out.p1 = dateP1;
  out.p2 = dateP2;
  out.p3 = dateP3;
  out.yearFirst = dateYearFirst;
  out.usHint = dateSlash && upper;
  out.bracket = bracket;
  out.hour = hour;
  out.minute = minute;
  out.second = second;
  out.rest = i;
  return true;
}

/**
 * The general scanner: every separator, marker, word and digit script. Exported for the test that
 * checks the fast path against it.
 */
export function scanHeaderGeneral(s: string, start: number, end: number, out: LineHeader): boolean {
  let i = skipMarks(s, start, end);
  const bracket = s.charCodeAt(i) === 91; // [
  if (bracket) i = skipMarks(s, i + 1, end);
  const first = digitAt(s, i);
  const dateStart = i;
  if (first >= 0) {
    const r = readNumber(s, i, end, 2);
    if (r >= 0 && s.charCodeAt(i + (r & 7)) === COLON) return scanTimeFirst(s, i, end, bracket, out);
    i = readDate(s, dateStart, end);
    if (i < 0) i = readMonthDate(s, dateStart, end);
  } else if (s.charCodeAt(i) === ERA_R || s.charCodeAt(i) === ERA_H) i = readDate(s, dateStart, end);
  else i = readMonthDate(s, dateStart, end);
  if (i < 0) return false;
  const yearFirst = dateYearFirst;
  const loose = dateTrailingDot && !bracket;

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

  i = readTime(s, i, end, false);
  if (i < 0) return false;
  const timeEnd = i;
  const minute = timeMinute;
  const second = timeSecond;
  let hour = -1;
  let usHint = false;
  let rest = -1;
  const markEnd = readMeridiemAfter(s, i, end, false);
  if (markEnd >= 0 && !(meridiemFound && meridiem)) {
    const written = meridiemFound || meridiem;
    usHint = meridiemFound !== 0 && dateSlash && meridiemUpper;
    hour = to24h(timeHour, written);
    rest = readClose(s, markEnd, end, bracket);
  }
  // `13. 6. 2018. 21:25:15 a: m`: after a date with a trailing dot the text may follow the time
  // after one space, with no separator.
  if ((rest < 0 || hour < 0) && loose && timeEnd + 1 < end && s.charCodeAt(timeEnd) === 32) {
    const next = s.charCodeAt(timeEnd + 1);
    if (!isSpace(next) && next !== DASH && next !== 0x2013 && next !== COLON) {
      hour = to24h(timeHour, meridiem);
      usHint = false;
      rest = timeEnd + 1;
    }
  }
  if (rest < 0 || hour < 0 || minute > 59 || second > 59) return false;
  out.p1 = dateP1;
  out.p2 = dateP2;
  out.p3 = dateP3;
  out.yearFirst = yearFirst;
  out.usHint = usHint;
  out.bracket = bracket;
  out.hour = hour;
  out.minute = minute;
  out.second = second;
  out.rest = rest;
  return true;
}

/** Reads the header of the line s[start, end) into `out`; false when the line does not open a message. */
export function scanHeader(s: string, start: number, end: number, out: LineHeader): boolean {
  const plain = scanPlain(s, start, end, out);
  return plain === FALLBACK ? scanHeaderGeneral(s, start, end, out) : plain === 1;
}

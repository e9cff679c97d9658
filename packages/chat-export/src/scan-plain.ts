import { COLON, DASH, DOT, digitAt, isMark, SLASH } from './chars';
import { monthAt } from './month-names';
import type { LineHeader } from './scan-header';

export const FALLBACK = -1;

/**
 * Fast path for the common plain-ASCII shapes (`12/01/2024, 21:05 - `, `[12.01.24, 21:05:12] `):
 * straight-line code without calls. Returns 1 for a header, 0 for no header, FALLBACK when the
 * line needs the general scanner (marks, other digits, AM/PM, words).
 */
export function scanPlain(s: string, start: number, end: number, out: LineHeader): number {
  let i = start;
  let c = s.charCodeAt(i);
  if (c === 0x200e) c = s.charCodeAt(++i);
  const bracket = c === 91;
  if (bracket) c = s.charCodeAt(++i);
  let d = c - 48;
  if (!(d >= 0 && d <= 9)) {
    if (c >= 0x61c) return isMark(c) || digitAt(s, i) >= 0 ? FALLBACK : 0;
    // A Japanese era year first (`R4/3/18`).
    d = s.charCodeAt(i + 1) - 48;
    if ((c === 82 || c === 72) && d >= 0 && d <= 9) return FALLBACK;
    // A month name first (`Mar 5, 8:11 PM - `).
    return monthAt(s, i, end) >= 0 ? FALLBACK : 0;
  }
  let p1 = 0;
  const s1 = i;
  while (d >= 0 && d <= 9 && i - s1 < 5) {
    p1 = p1 * 10 + d;
    d = s.charCodeAt(++i) - 48;
  }
  const len1 = i - s1;
  const sep = s.charCodeAt(i);
  if (sep !== SLASH && sep !== DOT && sep !== DASH) return FALLBACK;
  if (s.charCodeAt(++i) === 32) i++;
  let p2 = 0;
  const s2 = i;
  for (d = s.charCodeAt(i) - 48; d >= 0 && d <= 9 && i - s2 < 3; d = s.charCodeAt(++i) - 48) p2 = p2 * 10 + d;
  const len2 = i - s2;
  if (s.charCodeAt(i) !== sep) return FALLBACK;
  if (s.charCodeAt(++i) === 32) i++;
  let p3 = 0;
  const s3 = i;
  for (d = s.charCodeAt(i) - 48; d >= 0 && d <= 9 && i - s3 < 5; d = s.charCodeAt(++i) - 48) p3 = p3 * 10 + d;
  const len3 = i - s3;
  const yearFirst = len1 === 4;
  if (len1 === 0 || len2 === 0 || len2 > 2 || len1 > 4 || len3 === 0 || len3 > 4) return FALLBACK;
  if (yearFirst ? len3 > 2 : len1 > 2 || (len3 !== 2 && len3 !== 4)) return FALLBACK;
  // Buddhist-era years (2565 = 2022) are converted by the general scanner.
  if (p1 >= 2500 || p3 >= 2500) return FALLBACK;
  if (sep === DOT && s.charCodeAt(i) === DOT) i++;
  if (s.charCodeAt(i) === 44) i++; // ,
  if (s.charCodeAt(i) !== 32) return FALLBACK;
  i++;
  let hour = 0;
  const s4 = i;
  for (d = s.charCodeAt(i) - 48; d >= 0 && d <= 9 && i - s4 < 3; d = s.charCodeAt(++i) - 48)
    hour = hour * 10 + d;
  const tsep = s.charCodeAt(i);
  if (i === s4 || i - s4 > 2 || (tsep !== COLON && tsep !== DOT)) return FALLBACK;
  const m1 = s.charCodeAt(i + 1) - 48;
  const m2 = s.charCodeAt(i + 2) - 48;
  if (m1 < 0 || m1 > 9 || m2 < 0 || m2 > 9) return FALLBACK;
  const minute = m1 * 10 + m2;
  i += 3;
  let second = 0;
  if (s.charCodeAt(i) === tsep) {
    const s1d = s.charCodeAt(i + 1) - 48;
    const s2d = s.charCodeAt(i + 2) - 48;
    if (s1d < 0 || s1d > 9 || s2d < 0 || s2d > 9) return FALLBACK;
    d = s.charCodeAt(i + 3) - 48;
    if (d >= 0 && d <= 9) return FALLBACK;
    second = s1d * 10 + s2d;
    i += 3;
  }
  // ` AM`, `\u202fPM`, `\u00a0am`: the only marker the fast path knows.
  let usHint = false;
  c = s.charCodeAt(i);
  if ((c === 32 && s.charCodeAt(i + 1) !== DASH) || c === 0x202f || c === 0xa0) {
    const a = s.charCodeAt(i + 1) | 0x20;
    const m = s.charCodeAt(i + 2);
    if ((a !== 97 && a !== 112) || (m | 0x20) !== 109) return FALLBACK;
    if (hour > 12) return FALLBACK;
    usHint = sep === SLASH && s.charCodeAt(i + 1) < 97 && m < 97;
    hour = a === 97 ? hour % 12 : (hour % 12) + 12;
    i += 3;
  }
  if (hour > 23 || minute > 59 || second > 59) return FALLBACK;
  if (bracket) {
    if (s.charCodeAt(i) !== 93) return FALLBACK;
    i++;
  } else {
    if (s.charCodeAt(i) !== 32 || s.charCodeAt(i + 1) !== DASH) return FALLBACK;
    i += 2;
  }
  if (i < end) {
    if (s.charCodeAt(i) !== 32) return FALLBACK;
    i++;
  }
  out.p1 = p1;
  out.p2 = p2;
  out.p3 = p3;
  out.yearFirst = yearFirst;
  out.usHint = usHint;
  out.bracket = bracket;
  out.hour = hour;
  out.minute = minute;
  out.second = second;
  out.rest = i;
  return 1;
}

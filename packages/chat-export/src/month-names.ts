// English month names in dates of old Android exports (`28 Aug 2013`, `Mar 5`), README "Decisions".

const NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/**
 * An English month name at i, any case: the three-letter abbreviation, `Sept` or the full name,
 * followed by no further letter. Returns month * 16 + length, or -1. Reads at most 10 letters.
 */
export function monthAt(s: string, i: number, end: number): number {
  let n = 0;
  while (i + n < end && n < 10) {
    const c = s.charCodeAt(i + n) | 0x20;
    if (c < 97 || c > 122) break;
    n++;
  }
  if (n < 3 || n > 9) return -1;
  for (let m = 0; m < 12; m++) {
    const name = NAMES[m] as string;
    if (n !== 3 && n !== name.length && !(m === 8 && n === 4)) continue;
    let k = 0;
    while (k < n && (s.charCodeAt(i + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === n) return (m + 1) * 16 + n;
  }
  return -1;
}

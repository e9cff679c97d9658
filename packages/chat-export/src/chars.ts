// Character classes shared by the line scanner and the text cleaners. They work on UTF-16 code units.

export const SLASH = 47;
export const DOT = 46;
export const DASH = 45;
export const COLON = 58;

/** Value of an ASCII, Arabic-Indic, Persian or Devanagari digit, else -1. */
export function digitAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0x660) return c >= 48 && c <= 57 ? c - 48 : -1;
  if (c <= 0x669) return c - 0x660;
  if (c >= 0x6f0 && c <= 0x6f9) return c - 0x6f0;
  if (c >= 0x966 && c <= 0x96f) return c - 0x966;
  return -1;
}

/** Invisible direction and formatting marks that exports put around dates, names and texts. */
export function isMark(c: number): boolean {
  if (c < 0x61c) return false;
  return (
    c === 0x200e ||
    c === 0x200f ||
    c === 0xfeff ||
    c === 0x061c ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069)
  );
}

/** Space, tab, no-break space, narrow no-break space, thin space. */
export function isSpace(c: number): boolean {
  return c === 32 || (c > 32 ? c === 0xa0 || c === 0x202f || c === 0x2009 : c === 9);
}

const MARKS = /[\u200e\u200f\ufeff\u061c\u202a-\u202e\u2066-\u2069]/g;

export function removeMarks(s: string): string {
  return s.replace(MARKS, '');
}

/** Drops marks and spaces at the start, e.g. the U+200E that iOS puts before media texts. */
export function stripLeadingMarks(s: string): string {
  let i = 0;
  while (i < s.length && isMark(s.charCodeAt(i))) i++;
  return i === 0 ? s : s.slice(i);
}

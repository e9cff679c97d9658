// Calendar arithmetic on plain integers (proleptic Gregorian, no time zone): a day is its number of
// days since 1970-01-01, so differences, weekdays and ISO weeks never pass through a local-time Date.

import { isValidDate } from '../wall-clock';

/** Days since 1970-01-01 (negative before), after Howard Hinnant's `days_from_civil`. */
export function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface CivilDate {
  y: number;
  m: number;
  d: number;
}

/** The date of a day number (inverse of dayNumber). */
export function civilDate(day: number): CivilDate {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/** 0 = Monday … 6 = Sunday (ISO order); 1970-01-01 was a Thursday. */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/** ISO 8601 week as `weekYear * 100 + week`: weeks start on Monday, week 1 holds the first Thursday. */
export function isoWeekId(day: number): number {
  const thursday = day - weekdayOf(day) + 3;
  const weekYear = civilDate(thursday).y;
  return weekYear * 100 + Math.floor((thursday - dayNumber(weekYear, 1, 1)) / 7) + 1;
}

/** Monday of an ISO week id. */
export function isoWeekStart(weekId: number): number {
  const weekYear = Math.floor(weekId / 100);
  const jan4 = dayNumber(weekYear, 1, 4);
  return jan4 - weekdayOf(jan4) + ((weekId % 100) - 1) * 7;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad4 = (n: number) => `${n}`.padStart(4, '0');

/** `YYYY-MM-DD` of a day number. */
export function dayKey(day: number): string {
  const { y, m, d } = civilDate(day);
  return `${pad4(y)}-${pad2(m)}-${pad2(d)}`;
}

/** `YYYY-MM` of a month id (`year * 12 + month - 1`). */
export function monthKey(monthId: number): string {
  return `${pad4(Math.floor(monthId / 12))}-${pad2((monthId % 12) + 1)}`;
}

/** `YYYY-Www` of an ISO week id. */
export function weekKey(weekId: number): string {
  return `${pad4(Math.floor(weekId / 100))}-W${pad2(weekId % 100)}`;
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

function digits(s: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const c = digit(s, i);
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/** Parses `YYYY-MM-DD`; the day number, or null when the text is no valid date. */
export function parseDay(text: string): number | null {
  if (typeof text !== 'string' || text.length !== 10 || text[4] !== '-' || text[7] !== '-') return null;
  const y = digits(text, 0, 4);
  const m = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  return y < 0 || !isValidDate(y, m, d) ? null : dayNumber(y, m, d);
}

/** A parsed `ChatMessage.date`; filled in place to spare an allocation per message. */
export interface WallClock {
  y: number;
  m: number;
  d: number;
  hour: number;
  /** Seconds since midnight. */
  second: number;
}

/** Reads `YYYY-MM-DDTHH:mm:ss` into `out`; false when the text is no valid wall-clock time. */
export function parseWallClock(text: string, out: WallClock): boolean {
  if (typeof text !== 'string' || text.length !== 19) return false;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':')
    return false;
  const y = digits(text, 0, 4);
  const m = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  const h = digits(text, 11, 2);
  const min = digits(text, 14, 2);
  const s = digits(text, 17, 2);
  if (y < 0 || h < 0 || h > 23 || min < 0 || min > 59 || s < 0 || s > 59 || !isValidDate(y, m, d))
    return false;
  out.y = y;
  out.m = m;
  out.d = d;
  out.hour = h;
  out.second = (h * 60 + min) * 60 + s;
  return true;
}

// What makes a calendar valid, without Temporal: the contract checks admins' input with these (in the
// browser too, where loading Temporal for a form would cost every page), and calendar.ts compiles with them.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A window of business time on a local weekday: 'HH:MM', from < to; to may be '24:00'. */
export interface BusinessWindow {
  from: string;
  to: string;
}

export interface BusinessCalendar {
  /** IANA time zone whose wall clock the windows and holidays are read in. */
  timeZone: string;
  /** Several windows a day are allowed; a night shift is two (`20:00–24:00`, next day `00:00–04:00`). */
  week: Partial<Record<Weekday, BusinessWindow[]>>;
  /** Local dates 'YYYY-MM-DD' with no business time. */
  holidays?: string[];
}

export const DAY_MS = 86_400_000;

/** Minutes since midnight of 'HH:MM', up to '24:00'; null when malformed. */
export function parseClock(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** A local date 'YYYY-MM-DD' as days since 1970-01-01; null when it is no date. */
export function parseDate(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day
    ? ms / DAY_MS
    : null;
}

/** Whether the platform's time-zone data knows `name` (Intl, which Temporal reads too). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

/** What is wrong with a calendar, in words, or null when it is valid. */
export function calendarProblem(calendar: BusinessCalendar): string | null {
  if (!isTimeZone(calendar.timeZone)) return `Unknown time zone: ${calendar.timeZone}`;
  for (const [day, windows] of Object.entries(calendar.week)) {
    if (!(WEEKDAYS as readonly string[]).includes(day)) return `Unknown weekday: ${day}`;
    for (const window of windows ?? []) {
      const from = parseClock(window.from);
      const to = parseClock(window.to);
      if (from === null || from === 24 * 60 || to === null)
        return `${day}: times are 'HH:MM' (00:00 to 24:00), not ${window.from}–${window.to}`;
      if (from >= to) return `${day}: a window ends after it starts, not ${window.from}–${window.to}`;
    }
  }
  for (const holiday of calendar.holidays ?? [])
    if (parseDate(holiday) === null) return `Holidays are local dates 'YYYY-MM-DD', not ${holiday}`;
  return null;
}

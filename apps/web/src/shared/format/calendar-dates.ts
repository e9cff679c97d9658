// The chat's dates are wall-clock `YYYY-MM-DD` texts (see @wadesk/chat-export): they are counted as
// UTC days here, so no time zone or daylight-saving change of this browser can move them.

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const WEEKDAYS_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Days since 1970-01-01 of a `YYYY-MM-DD` day, or null when it is no real day. */
export function dayNumber(day: string): number | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date)
    return null;
  return time / DAY_MS;
}

export function dayFromNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const days = dayNumber(day);
  if (days === null) throw new RangeError(`Not a day: ${day}`);
  return dayFromNumber(days + count);
}

/** ISO 8601 week of a day, `YYYY-Www`, as the analysis keys its weeks. */
export function isoWeekKey(day: string): string {
  const days = dayNumber(day);
  if (days === null) throw new RangeError(`Not a day: ${day}`);
  const weekday = (days + 3) % 7; // 0 = Monday
  const thursday = new Date((days - weekday + 3) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonthFormat = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** "12 Jan 2024" (en-IN, the product's date style). */
export function formatDay(day: string): string {
  return dayNumber(day) === null ? day : dayFormat.format(utc(day));
}

const dayMonthFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "12 Jan", a day without its year (a chart's axis, a range within one year). */
export function formatDayMonth(day: string): string {
  return dayNumber(day) === null ? day : dayMonthFormat.format(utc(day));
}

/** Weekday of a day, 0 = Monday … 6 = Sunday (as the analysis numbers them). */
export function weekdayOf(day: string): number | null {
  const days = dayNumber(day);
  return days === null ? null : (days + 3) % 7; // 1970-01-01 was a Thursday
}

/** "Fri, 12 Jan 2024". */
export function formatWeekdayDay(day: string): string {
  const weekday = weekdayOf(day);
  return weekday === null ? day : `${WEEKDAYS_SHORT[weekday]}, ${formatDay(day)}`;
}

/** "Jan 2024" from `YYYY-MM`; "January 2024" when long. */
export function formatMonth(month: string, long = false): string {
  const day = `${month}-01`;
  if (dayNumber(day) === null) return month;
  return (long ? longMonthFormat : monthFormat).format(utc(day));
}

/** "21:00–22:00": one hour of the wall clock. */
export function formatHourRange(hour: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hour)}:00–${pad((hour + 1) % 24)}:00`;
}

/** The `YYYY-MM-DD` day of a message's `date` (`YYYY-MM-DDTHH:mm:ss`), or null. */
export function dayOfDate(date: string): string | null {
  const day = date.slice(0, 10);
  return date[10] === 'T' && dayNumber(day) !== null ? day : null;
}

/**
 * A chat message's wall-clock time (`YYYY-MM-DDTHH:mm…`) as "12 Jan 2024, 09:02": day, short month,
 * year and the 24-hour time the export wrote; `fallback` when the date is not readable.
 */
export function formatWallClock(date: string, fallback = ''): string {
  const day = dayOfDate(date);
  const time = date.slice(11, 16);
  if (!day || !/^\d\d:\d\d$/.test(time)) return fallback;
  return `${formatDay(day)}, ${time}`;
}

/**
 * Days from `first` to `last`, both included, as short as reads clearly: "5 Mar 2024", "5–12 Mar 2024",
 * "28 Feb – 3 Mar 2024", "30 Dec 2023 – 2 Jan 2024".
 */
export function formatDayRange(first: string, last: string): string {
  if (first === last || dayNumber(first) === null || dayNumber(last) === null) return formatDay(first);
  const [a, b] = [utc(first), utc(last)];
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return `${formatDay(first)} – ${formatDay(last)}`;
  if (a.getUTCMonth() !== b.getUTCMonth()) return `${formatDayMonth(first)} – ${formatDay(last)}`;
  return `${a.getUTCDate()}–${formatDay(last)}`;
}

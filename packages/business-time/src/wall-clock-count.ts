import { type BusinessCalendar, type Interval, WEEKDAYS } from './calendar';

/**
 * The definition of business time counted the slow way, one minute at a time, with the wall clock read
 * from Intl (not from the offsets business-time.ts computes): the reference the property tests compare
 * with. Every bound must fall on a whole minute.
 */
export function countMinuteByMinute(
  calendar: BusinessCalendar,
  fromMs: number,
  toMs: number,
  pauses: readonly Interval[] = [],
): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: calendar.timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
  });
  const holidays = new Set(calendar.holidays ?? []);
  let seconds = 0;
  for (let at = fromMs; at < toMs; at += 60_000) {
    if (pauses.some((pause) => at >= pause.from && at < pause.to)) continue;
    const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
    if (holidays.has(`${parts.year}-${parts.month}-${parts.day}`)) continue;
    const weekday =
      WEEKDAYS[['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(String(parts.weekday))];
    const minute = Number(parts.hour) * 60 + Number(parts.minute);
    const open = (weekday ? (calendar.week[weekday] ?? []) : []).some(
      (window) => minute >= minutesOf(window.from) && minute < minutesOf(window.to),
    );
    if (open) seconds += 60;
  }
  return seconds;
}

function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Days an all-day event may span before it is taken for something other than a holiday. */
const MAX_EVENT_DAYS = 31;

/**
 * The dates ('YYYY-MM-DD') of the events in an iCalendar (.ics) file, as holiday calendars publish them:
 * an all-day event covers its DTSTART up to the day before its DTEND; a timed one, its start's date.
 * Folded lines (RFC 5545 §3.1) are joined first. Sorted, each date once.
 */
export function icsHolidays(text: string): string[] {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const dates = new Set<string>();
  let start: string | null = null;
  let end: string | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') start = end = null;
    const value = /^(DTSTART|DTEND)[^:]*:(\d{8})/.exec(line);
    if (value?.[1] === 'DTSTART') start = value[2] ?? null;
    if (value?.[1] === 'DTEND') end = value[2] ?? null;
    if (line === 'END:VEVENT' && start) for (const date of spanOf(start, end)) dates.add(date);
  }
  return [...dates].sort();
}

function spanOf(start: string, end: string | null): string[] {
  const day = (text: string) =>
    Date.UTC(Number(text.slice(0, 4)), Number(text.slice(4, 6)) - 1, Number(text.slice(6, 8)));
  const from = day(start);
  const to = end ? Math.max(day(end), from + 86_400_000) : from + 86_400_000;
  const dates: string[] = [];
  for (let at = from; at < to && dates.length < MAX_EVENT_DAYS; at += 86_400_000)
    if (!Number.isNaN(at)) dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}

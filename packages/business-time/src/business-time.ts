import {
  type BusinessCalendar,
  type CompiledCalendar,
  compileCalendar,
  DAY_MS,
  type Interval,
  weekdayOf,
} from './calendar';

/** How far `addBusinessSeconds` looks before it gives up (a calendar whose every open day is a holiday). */
const HORIZON_MS = 50 * 366 * DAY_MS;

/**
 * Business seconds in `[fromMs, toMs)`: instants whose wall-clock time in the calendar's zone lies in a
 * window of that local weekday, on a local date that is no holiday, and in no pause. 0 when `toMs` is not
 * after `fromMs`. A window on the night clocks go back holds an hour more real time, on the night they go
 * forward an hour less (docs/decisions/0027-business-time.md).
 */
export function businessSecondsBetween(
  calendar: BusinessCalendar,
  fromMs: number,
  toMs: number,
  pauses: readonly Interval[] = [],
): number {
  if (!(toMs > fromMs)) return 0;
  const compiled = compileCalendar(calendar);
  const paused = normalise(pauses);
  let total = 0;
  let next = 0;
  eachOpenStretch(compiled, fromMs, toMs, (from, to) => {
    total += to - from;
    while (next < paused.length && (paused[next] as Interval).to <= from) next++;
    for (let p = next; p < paused.length && (paused[p] as Interval).from < to; p++) {
      const pause = paused[p] as Interval;
      total -= Math.min(to, pause.to) - Math.max(from, pause.from);
    }
    return true;
  });
  return total / 1000;
}

/**
 * The earliest instant `t` with `businessSecondsBetween(calendar, startMs, t, pauses) === seconds`: when a
 * clock of `seconds` business seconds started at `startMs` falls due. Throws a RangeError when the
 * calendar has no business time (instead of looking for ever), or for a negative `seconds`.
 */
export function addBusinessSeconds(
  calendar: BusinessCalendar,
  startMs: number,
  seconds: number,
  pauses: readonly Interval[] = [],
): number {
  if (!(seconds >= 0)) throw new RangeError(`Business seconds to add must be 0 or more, not ${seconds}`);
  const compiled = compileCalendar(calendar);
  if (seconds === 0) return startMs;
  if (!compiled.open) throw new RangeError('The calendar has no business time in its week');
  const paused = normalise(pauses);
  let remaining = seconds * 1000;
  let due = Number.NaN;
  let next = 0;
  // Takes `remaining` from the free stretch [from, to); true once it is all taken.
  const take = (from: number, to: number) => {
    if (remaining > to - from) {
      remaining -= to - from;
      return false;
    }
    due = from + remaining;
    return true;
  };
  eachOpenStretch(compiled, startMs, startMs + HORIZON_MS, (from, to) => {
    while (next < paused.length && (paused[next] as Interval).to <= from) next++;
    let cursor = from;
    for (let p = next; p < paused.length && (paused[p] as Interval).from < to; p++) {
      const pause = paused[p] as Interval;
      if (pause.from > cursor && take(cursor, pause.from)) return false;
      cursor = Math.max(cursor, Math.min(to, pause.to));
    }
    return !(to > cursor && take(cursor, to));
  });
  if (Number.isNaN(due)) throw new RangeError('The calendar has no business time in the next 50 years');
  return due;
}

/** Pauses sorted by start, overlapping ones merged, empty ones dropped. */
function normalise(pauses: readonly Interval[]): Interval[] {
  if (pauses.length === 0) return [];
  const sorted = pauses.filter((pause) => pause.to > pause.from).sort((a, b) => a.from - b.from);
  const merged: Interval[] = [];
  for (const pause of sorted) {
    const last = merged.at(-1);
    if (last && pause.from <= last.to) last.to = Math.max(last.to, pause.to);
    else merged.push({ from: pause.from, to: pause.to });
  }
  return merged;
}

/**
 * Calls `visit(from, to)` for each stretch of open time (windows of non-holiday local days, pauses not
 * yet taken out) within `[start, end)`, in order, until it returns false. Within one stretch of constant
 * UTC offset `o`, an instant `t` has local time `t + o`, so a local window maps back by subtracting `o`:
 * a repeated hour is counted twice and a skipped one not at all, as a wall clock would.
 */
function eachOpenStretch(
  calendar: CompiledCalendar,
  start: number,
  end: number,
  visit: (from: number, to: number) => boolean,
): void {
  const { zone, windows, holidays } = calendar;
  let covered = Math.min(end, start + 40 * DAY_MS);
  let segments = zone.cover(start, covered);
  let index = zone.indexOf(start);
  let at = start;
  while (at < end) {
    if (at >= covered) {
      covered = Math.min(end, covered + 366 * DAY_MS);
      segments = zone.cover(start, covered);
    }
    const offset = segments[index]?.offset ?? 0;
    const segmentEnd = segments[index + 1]?.start ?? Number.POSITIVE_INFINITY;
    const until = Math.min(end, segmentEnd, covered);
    const localFrom = at + offset;
    const localTo = until + offset;
    const lastDay = Math.floor((localTo - 1) / DAY_MS);
    for (let day = Math.floor(localFrom / DAY_MS); day <= lastDay; day++) {
      if (holidays.has(day)) continue;
      const midnight = day * DAY_MS;
      for (const [open, close] of windows[weekdayOf(day)] ?? []) {
        const from = Math.max(midnight + open, localFrom);
        const to = Math.min(midnight + close, localTo);
        if (from < to && !visit(from - offset, to - offset)) return;
      }
    }
    at = until;
    if (until === segmentEnd) index++;
  }
}

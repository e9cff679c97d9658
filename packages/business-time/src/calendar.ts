import {
  type BusinessCalendar,
  type BusinessWindow,
  calendarProblem,
  DAY_MS,
  parseClock,
  parseDate,
  WEEKDAYS,
} from './calendar-rules';
import { type ZoneOffsets, zoneOffsets } from './zone-offsets';

export type { BusinessCalendar, BusinessWindow, Weekday } from './calendar-rules';
export { WEEKDAYS } from './calendar-rules';
export { DAY_MS };

/** Epoch ms, half-open. */
export interface Interval {
  from: number;
  to: number;
}

/** A calendar in the form the counting needs: windows as ms of the local day, holidays as local day numbers. */
export interface CompiledCalendar {
  zone: ZoneOffsets;
  /** Per weekday (Monday first), sorted, non-overlapping `[from, to)` in ms since local midnight. */
  windows: readonly (readonly [number, number])[][];
  /** Local dates as days since 1970-01-01. */
  holidays: ReadonlySet<number>;
  /** Whether any weekday has business time at all. */
  open: boolean;
}

const compiled = new WeakMap<BusinessCalendar, CompiledCalendar>();

/** Compiles once per calendar object; throws a RangeError naming what is wrong with it. */
export function compileCalendar(calendar: BusinessCalendar): CompiledCalendar {
  let result = compiled.get(calendar);
  if (!result) {
    result = compile(calendar);
    compiled.set(calendar, result);
  }
  return result;
}

function compile(calendar: BusinessCalendar): CompiledCalendar {
  const problem = calendarProblem(calendar);
  if (problem) throw new RangeError(problem);
  const zone = zoneOffsets(calendar.timeZone);
  const windows = WEEKDAYS.map((day) => merge((calendar.week[day] ?? []).map(toRange)));
  const holidays = new Set((calendar.holidays ?? []).map((date) => parseDate(date) as number));
  return { zone, windows, holidays, open: windows.some((day) => day.length > 0) };
}

/** A valid window (calendarProblem checked it) in ms of the local day. */
function toRange(window: BusinessWindow): [number, number] {
  return [(parseClock(window.from) as number) * 60_000, (parseClock(window.to) as number) * 60_000];
}

function merge(windows: [number, number][]): [number, number][] {
  const sorted = windows.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const window of sorted) {
    const last = merged.at(-1);
    if (last && window[0] <= last[1]) last[1] = Math.max(last[1], window[1]);
    else merged.push([window[0], window[1]]);
  }
  return merged;
}

/** Monday = 0 for a local day number (1970-01-01 was a Thursday). */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

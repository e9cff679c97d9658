import { type ZoneOffsets, zoneOffsets } from './zone-offsets';

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

/** Epoch ms, half-open. */
export interface Interval {
  from: number;
  to: number;
}

export const DAY_MS = 86_400_000;

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

/** What is wrong with a calendar, in words, or null when it is valid. */
export function calendarProblem(calendar: BusinessCalendar): string | null {
  try {
    compile(calendar);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function compile(calendar: BusinessCalendar): CompiledCalendar {
  let zone: ZoneOffsets;
  try {
    zone = zoneOffsets(calendar.timeZone);
  } catch {
    throw new RangeError(`Unknown time zone: ${calendar.timeZone}`);
  }
  for (const day of Object.keys(calendar.week))
    if (!(WEEKDAYS as readonly string[]).includes(day)) throw new RangeError(`Unknown weekday: ${day}`);
  const windows = WEEKDAYS.map((day) => merge((calendar.week[day] ?? []).map((w) => parseWindow(day, w))));
  const holidays = new Set((calendar.holidays ?? []).map(parseDate));
  return { zone, windows, holidays, open: windows.some((day) => day.length > 0) };
}

function parseWindow(day: Weekday, window: BusinessWindow): [number, number] {
  const from = parseClock(window.from);
  const to = parseClock(window.to);
  if (from === null || from === 24 * 60 || to === null)
    throw new RangeError(`${day}: times are 'HH:MM' (00:00 to 24:00), not ${window.from}–${window.to}`);
  if (from >= to)
    throw new RangeError(`${day}: a window ends after it starts, not ${window.from}–${window.to}`);
  return [from * 60_000, to * 60_000];
}

/** Minutes since midnight of 'HH:MM', up to '24:00'; null when malformed. */
function parseClock(text: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

function parseDate(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (!match || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    throw new RangeError(`Holidays are local dates 'YYYY-MM-DD', not ${text}`);
  return ms / DAY_MS;
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

import type { BusinessCalendar } from '@wadesk/business-time';
import { type BusinessHours, DEFAULT_BUSINESS_HOURS, toCalendar } from '@wadesk/contract';
import { publicHolidays } from './holiday-regions';

// An organisation's business calendar as the clocks count on it: its hours and own holidays, and its
// region's public holidays for the years around `now` (decision 0028). date-holidays computes a year in a
// few milliseconds, so each region's year is computed once per process.

const regionYears = new Map<string, string[]>();
/** Years of holidays before and after the current one: clocks run back to old messages and ahead to due times. */
const YEARS_BACK = 1;
const YEARS_AHEAD = 2;

function regionHolidays(region: string, year: number): string[] {
  const key = `${region}:${year}`;
  let dates = regionYears.get(key);
  if (!dates) {
    dates = publicHolidays(region, year);
    regionYears.set(key, dates);
  }
  return dates;
}

/**
 * The same calendar object for the same hours and year, so business-time compiles it once (its cache is
 * per object) however many batches and warnings count on it.
 */
const calendars = new Map<string, BusinessCalendar>();
const MAX_CALENDARS = 1_000;

export function organisationCalendar(hours: BusinessHours | null, now: number): BusinessCalendar {
  const stored = hours ?? DEFAULT_BUSINESS_HOURS;
  const year = new Date(now).getUTCFullYear();
  const key = `${year}:${JSON.stringify(stored)}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    const region = stored.holiday_region;
    const extra: string[] = [];
    if (region)
      for (let y = year - YEARS_BACK; y <= year + YEARS_AHEAD; y++) extra.push(...regionHolidays(region, y));
    calendar = toCalendar(stored, extra);
    if (calendars.size >= MAX_CALENDARS) calendars.clear();
    calendars.set(key, calendar);
  }
  return calendar;
}

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

export function organisationCalendar(hours: BusinessHours | null, now: number): BusinessCalendar {
  const stored = hours ?? DEFAULT_BUSINESS_HOURS;
  const region = stored.holiday_region;
  if (!region) return toCalendar(stored);
  const year = new Date(now).getUTCFullYear();
  const extra: string[] = [];
  for (let y = year - YEARS_BACK; y <= year + YEARS_AHEAD; y++) extra.push(...regionHolidays(region, y));
  return toCalendar(stored, extra);
}

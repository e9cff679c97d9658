import Holidays from 'date-holidays';

// Public-holiday regions ('DE', 'DE-BY'), expanded year by year from date-holidays' rules, so a calendar
// never runs out of holidays.

const catalogue = new Holidays();

/** Whether `code` is a country, or a country and one of its states, that date-holidays knows. */
export function isHolidayRegion(code: string): boolean {
  const [country, state, extra] = code.split('-');
  if (!country || extra !== undefined || !(country in catalogue.getCountries())) return false;
  return state === undefined || state in (catalogue.getStates(country) ?? {});
}

/** The region's public holidays of `year`, as local dates 'YYYY-MM-DD'; none for an unknown region. */
export function publicHolidays(code: string, year: number): string[] {
  if (!isHolidayRegion(code)) return [];
  const [country, state] = code.split('-') as [string, string | undefined];
  const region = state ? new Holidays(country, state) : new Holidays(country);
  const dates = region
    .getHolidays(year)
    .filter((holiday) => holiday.type === 'public')
    .map((holiday) => holiday.date.slice(0, 10));
  return [...new Set(dates)];
}

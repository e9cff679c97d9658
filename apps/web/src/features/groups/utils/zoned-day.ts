import { zonedClock } from '@/shared/format/time-zone';

/**
 * The start of a calendar day ("2024-03-05") in the member's time zone (their profile's, else the
 * browser's), in seconds since the epoch: the midnight UTC of that date, moved by the zone's offset
 * (asked twice, so a day that starts next to a daylight-saving change still lands on its midnight).
 */
export function zonedDayStart(day: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const shown = zonedClock(new Date(guess));
    const [y = 1970, m = 1, d = 1] = shown.day.split('-').map(Number);
    const [hour = 0, minute = 0] = shown.time.split(':').map(Number);
    guess += wall - Date.UTC(y, m - 1, d, hour, minute);
  }
  return Math.floor(guess / 1000);
}

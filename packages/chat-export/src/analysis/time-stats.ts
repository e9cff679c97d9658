import { isLeapYear } from '../wall-clock';
import type { Bucket, CalendarYear, Streak, WeekBucket } from './analysis-types';
import { dayKey, dayNumber, isoWeekStart, monthKey, weekdayOf, weekKey } from './calendar';

/** Numeric keys in ascending order. */
function sortedKeys(counts: Map<number, number>): number[] {
  return [...counts.keys()].sort((a, b) => a - b);
}

export interface TimeStats {
  perDay: Bucket[];
  perWeek: WeekBucket[];
  perMonth: Bucket[];
  calendar: CalendarYear[];
  busiestDay: Bucket | null;
  longestStreak: Streak | null;
}

/** The period series from messages counted per day number, ISO week id and month id. */
export function timeStats(
  days: Map<number, number>,
  weeks: Map<number, number>,
  months: Map<number, number>,
): TimeStats {
  const dayList = sortedKeys(days);
  const perDay = dayList.map((day) => ({ key: dayKey(day), messages: days.get(day) as number }));
  const perWeek = sortedKeys(weeks).map((week) => ({
    key: weekKey(week),
    start: dayKey(isoWeekStart(week)),
    messages: weeks.get(week) as number,
  }));
  const perMonth = sortedKeys(months).map((month) => ({
    key: monthKey(month),
    messages: months.get(month) as number,
  }));

  let busiestDay: Bucket | null = null;
  for (const bucket of perDay) if (!busiestDay || bucket.messages > busiestDay.messages) busiestDay = bucket;

  return {
    perDay,
    perWeek,
    perMonth,
    calendar: calendarYears(dayList, perDay),
    busiestDay: busiestDay && { ...busiestDay },
    longestStreak: longestStreak(dayList),
  };
}

function calendarYears(dayList: number[], perDay: Bucket[]): CalendarYear[] {
  const years: CalendarYear[] = [];
  let current: CalendarYear | null = null;
  let jan1 = 0;
  dayList.forEach((day, i) => {
    const year = Number((perDay[i] as Bucket).key.slice(0, 4));
    if (!current || current.year !== year) {
      jan1 = dayNumber(year, 1, 1);
      current = {
        year,
        firstWeekday: weekdayOf(jan1),
        days: new Array(isLeapYear(year) ? 366 : 365).fill(0),
      };
      years.push(current);
    }
    current.days[day - jan1] = (perDay[i] as Bucket).messages;
  });
  return years;
}

function longestStreak(dayList: number[]): Streak | null {
  if (dayList.length === 0) return null;
  let bestStart = dayList[0] as number;
  let bestLength = 1;
  let runStart = bestStart;
  for (let i = 1; i <= dayList.length; i++) {
    const day = dayList[i];
    if (day !== undefined && day === (dayList[i - 1] as number) + 1) continue;
    const length = (dayList[i - 1] as number) - runStart + 1;
    if (length > bestLength) {
      bestLength = length;
      bestStart = runStart;
    }
    if (day !== undefined) runStart = day;
  }
  return { from: dayKey(bestStart), to: dayKey(bestStart + bestLength - 1), days: bestLength };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  civilDate,
  dayKey,
  dayNumber,
  isoWeekId,
  isoWeekStart,
  monthKey,
  parseDay,
  parseWallClock,
  type WallClock,
  weekdayOf,
  weekKey,
} from './calendar';

// Date.UTC serves as the reference here only: UTC has no daylight saving and no zone.
const utcDay = (y: number, m: number, d: number) => {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return Math.round(date.getTime() / 86_400_000);
};

describe('calendar arithmetic', () => {
  it('day numbers around known dates', () => {
    expect(dayNumber(1970, 1, 1)).toBe(0);
    expect(dayNumber(1969, 12, 31)).toBe(-1);
    expect(dayNumber(2000, 3, 1)).toBe(11_017);
    expect(dayNumber(2024, 3, 31) - dayNumber(2024, 3, 30)).toBe(1); // the spring-forward night
    expect(civilDate(19_813)).toEqual({ y: 2024, m: 3, d: 31 });
  });

  it('day number and civil date agree with UTC and invert each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -800_000, max: 2_900_000 }), (day) => {
        const { y, m, d } = civilDate(day);
        expect(dayNumber(y, m, d)).toBe(day);
        expect(utcDay(y, m, d)).toBe(day);
        expect(weekdayOf(day)).toBe((new Date(day * 86_400_000).getUTCDay() + 6) % 7);
      }),
      { numRuns: 2000 },
    );
  });

  it('weekdays: 0 is Monday', () => {
    expect(weekdayOf(dayNumber(2024, 4, 1))).toBe(0);
    expect(weekdayOf(dayNumber(2024, 3, 31))).toBe(6);
    expect(weekdayOf(dayNumber(1970, 1, 1))).toBe(3);
  });

  it('ISO weeks, including the year boundaries', () => {
    const week = (y: number, m: number, d: number) => weekKey(isoWeekId(dayNumber(y, m, d)));
    expect(week(2024, 1, 1)).toBe('2024-W01');
    expect(week(2024, 12, 30)).toBe('2025-W01');
    expect(week(2021, 1, 3)).toBe('2020-W53');
    expect(week(2020, 12, 31)).toBe('2020-W53');
    expect(week(2027, 1, 1)).toBe('2026-W53');
    expect(week(2024, 3, 31)).toBe('2024-W13');
    expect(dayKey(isoWeekStart(202_001))).toBe('2019-12-30');
    expect(dayKey(isoWeekStart(202_453))).toBe('2024-12-30');
  });

  it('each ISO week holds seven consecutive days from its Monday', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (day) => {
        const start = isoWeekStart(isoWeekId(day));
        expect(weekdayOf(start)).toBe(0);
        expect(day - start).toBe(weekdayOf(day));
      }),
    );
  });

  it('keys', () => {
    expect(dayKey(dayNumber(812, 7, 4))).toBe('0812-07-04');
    expect(monthKey(2024 * 12 + 2)).toBe('2024-03');
    expect(weekKey(202_409)).toBe('2024-W09');
  });

  it('parses days and wall-clock times strictly', () => {
    expect(parseDay('2024-02-29')).toBe(dayNumber(2024, 2, 29));
    for (const bad of ['2023-02-29', '2024-2-29', '2024-13-01', '24-01-01', '2024-01-01T', 'abcd-ef-gh', ''])
      expect(parseDay(bad)).toBeNull();
    const out: WallClock = { y: 0, m: 0, d: 0, hour: 0, second: 0 };
    expect(parseWallClock('2024-03-31T02:30:15', out)).toBe(true);
    expect(out).toEqual({ y: 2024, m: 3, d: 31, hour: 2, second: 2 * 3600 + 30 * 60 + 15 });
    for (const bad of [
      '2024-03-31T24:00:00',
      '2024-03-31T02:60:00',
      '2024-03-31 02:30:00',
      '2024-03-31T02:30',
    ])
      expect(parseWallClock(bad, out)).toBe(false);
    expect(parseWallClock(undefined as unknown as string, out)).toBe(false);
  });
});

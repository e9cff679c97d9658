import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNumber,
  dayOfDate,
  formatDay,
  formatDayMonth,
  formatDayRange,
  formatHourRange,
  formatMonth,
  formatWallClock,
  formatWeekdayDay,
  isoWeekKey,
} from './calendar-dates';
import { formatDuration, formatShare } from './format-duration';

describe('calendar dates', () => {
  it('counts real days only', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2024-02-29')).not.toBeNull();
    expect(dayNumber('2023-02-29')).toBeNull();
    expect(dayNumber('2024-1-5')).toBeNull();
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-31', -29)).toBe('2024-03-02');
  });

  it('keys ISO weeks as the analysis does', () => {
    expect(isoWeekKey('2024-01-01')).toBe('2024-W01');
    expect(isoWeekKey('2021-01-03')).toBe('2020-W53');
    expect(isoWeekKey('2024-12-30')).toBe('2025-W01');
    expect(isoWeekKey('2024-03-28')).toBe('2024-W13');
  });

  it('formats days, months and hours in the product style', () => {
    expect(formatDay('2024-01-12')).toBe('12 Jan 2024');
    expect(formatWeekdayDay('2024-01-12')).toBe('Fri, 12 Jan 2024');
    expect(formatMonth('2024-01')).toBe('Jan 2024');
    expect(formatMonth('2024-01', true)).toBe('January 2024');
    expect(formatHourRange(21)).toBe('21:00–22:00');
    expect(formatHourRange(23)).toBe('23:00–00:00');
    expect(dayOfDate('2024-01-12T09:00:00')).toBe('2024-01-12');
    expect(dayOfDate('garbage')).toBeNull();
    expect(formatWallClock('2024-01-12T09:02:00')).toBe('12 Jan 2024, 09:02');
    expect(formatWallClock('2024-12-31T23:59:59')).toBe('31 Dec 2024, 23:59');
    expect(formatWallClock('', '12/01/2024, 09:02')).toBe('12/01/2024, 09:02');
    expect(formatWallClock('2024-01-12')).toBe('');
  });

  it('formats durations and shares for people', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(90)).toBe('2 min');
    expect(formatDuration(3600 + 5 * 60)).toBe('1 h 5 min');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(86_400 * 3 + 3600 * 4)).toBe('3 days 4 h');
    expect(formatDuration(86_400)).toBe('1 day');
    expect(formatShare(0.3333)).toBe('33%');
    expect(formatShare(0.045)).toBe('4.5%');
    expect(formatShare(0)).toBe('0%');
  });
});

describe('formatDayRange', () => {
  it('says a range of days as briefly as reads clearly', () => {
    expect(formatDayRange('2024-03-05', '2024-03-05')).toBe('5 Mar 2024');
    expect(formatDayRange('2024-03-05', '2024-03-12')).toBe('5–12 Mar 2024');
    expect(formatDayRange('2024-02-28', '2024-03-03')).toBe('28 Feb – 3 Mar 2024');
    expect(formatDayRange('2023-12-30', '2024-01-02')).toBe('30 Dec 2023 – 2 Jan 2024');
    expect(formatDayMonth('2024-01-12')).toBe('12 Jan');
  });
});

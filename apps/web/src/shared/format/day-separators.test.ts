import { describe, expect, it } from 'vitest';
import { dayKey, formatDayLabel, startsNewDay } from './day-separators';

const at = (date: string) => ({ date });

describe('day separators', () => {
  const messages = [
    at('2022-03-01T08:00:00'),
    at('2022-03-01T23:59:00'),
    at('2022-03-02T00:00:00'),
    at('2022-03-02T10:00:00'),
    at('2023-03-02T10:00:00'),
  ];

  it('goes above the first message and above each first message of a new day', () => {
    expect(messages.map((_, i) => startsNewDay(messages, i))).toEqual([true, false, true, false, true]);
    expect(startsNewDay(messages, 99)).toBe(false);
  });

  it('keys and labels the wall-clock day without a time zone shift', () => {
    expect(dayKey(at('2022-03-01T23:59:00'))).toBe('2022-03-01');
    expect(formatDayLabel('2022-03-01')).toMatch(/Tuesday,? 1 March 2022/);
    expect(formatDayLabel('garbage')).toBe('garbage');
  });
});

describe('day separators over any item', () => {
  it('takes a day key function', () => {
    const rows = [{ ts: '2022-03-01 08:00' }, { ts: '2022-03-01 09:00' }, { ts: '2022-03-02 08:00' }];
    const keyOf = (r: { ts: string }) => r.ts.slice(0, 10);
    expect(rows.map((_, i) => startsNewDay(rows, i, keyOf))).toEqual([true, false, true]);
  });
});

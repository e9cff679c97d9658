import { describe, expect, it } from 'vitest';
import { detectDayFirst } from './date-order';
import { parseChat } from './parse-chat';

const android = (dates: string[]) =>
  dates.map((d, i) => `${d}, 10:${String(i).padStart(2, '0')} - A: m${i}`).join('\n');
const firstDates = (text: string, dayFirst?: boolean) =>
  parseChat(text, dayFirst === undefined ? {} : { dayFirst }).messages.map((m) => m.date.slice(0, 10));

describe('detectDayFirst', () => {
  it('a part above 12 decides', () => {
    expect(detectDayFirst([13, 1, 2024])).toBe(true);
    expect(detectDayFirst([1, 13, 2024])).toBe(false);
  });

  it('the part that drops while the other rises is the day (month change)', () => {
    expect(detectDayFirst([10, 1, 2024, 11, 1, 2024, 2, 2, 2024])).toBe(true);
    expect(detectDayFirst([1, 10, 2024, 1, 11, 2024, 2, 2, 2024])).toBe(false);
  });

  it('the part that changes more often is the day', () => {
    expect(detectDayFirst([1, 5, 2024, 2, 5, 2024, 3, 5, 2024])).toBe(true);
    expect(detectDayFirst([5, 1, 2024, 5, 2, 2024, 5, 3, 2024])).toBe(false);
  });

  it('ignores drops across a year change', () => {
    expect(detectDayFirst([12, 12, 2023, 1, 1, 2024])).toBeNull();
  });

  it('returns null when nothing decides', () => {
    expect(detectDayFirst([5, 5, 2024])).toBeNull();
    expect(detectDayFirst([])).toBeNull();
  });
});

describe('day order in parseChat', () => {
  it('is detected from all dates, even when the deciding date comes last', () => {
    const text = android(['01/02/2024', '03/02/2024', '05/02/2024', '20/02/2024']);
    expect(parseChat(text).day_first).toBe(true);
    expect(firstDates(text)).toEqual(['2024-02-01', '2024-02-03', '2024-02-05', '2024-02-20']);
    const us = android(['02/01/2024', '02/03/2024', '02/05/2024', '02/20/2024']);
    expect(parseChat(us).day_first).toBe(false);
    expect(firstDates(us)).toEqual(['2024-02-01', '2024-02-03', '2024-02-05', '2024-02-20']);
  });

  it('is detected from ordering when every part is 12 or less', () => {
    // 11 Jan, 12 Jan, 1 Feb, 2 Feb written day first.
    expect(firstDates(android(['11/01/2024', '12/01/2024', '01/02/2024', '02/02/2024']))).toEqual([
      '2024-01-11',
      '2024-01-12',
      '2024-02-01',
      '2024-02-02',
    ]);
    // The same days written month first.
    expect(firstDates(android(['01/11/2024', '01/12/2024', '02/01/2024', '02/02/2024']))).toEqual([
      '2024-01-11',
      '2024-01-12',
      '2024-02-01',
      '2024-02-02',
    ]);
  });

  it('falls back to day first, or month first for the en-US AM/PM look, when nothing decides', () => {
    expect(parseChat('05/03/2024, 10:00 - A: x').day_first).toBe(true);
    expect(parseChat('05/03/2024, 10:00 am - A: x').day_first).toBe(true);
    expect(parseChat('5/3/24, 10:00\u202fAM - A: x').day_first).toBe(false);
  });

  it('options.dayFirst overrides detection', () => {
    const text = android(['05/03/2024', '06/03/2024']);
    expect(firstDates(text)).toEqual(['2024-03-05', '2024-03-06']);
    expect(firstDates(text, false)).toEqual(['2024-05-03', '2024-06-03']);
    expect(parseChat(text, { dayFirst: false }).day_first).toBe(false);
    const us = android(['01/13/2024']);
    expect(parseChat(us).day_first).toBe(false);
    expect(parseChat(us, { dayFirst: true }).day_first).toBe(true);
    // A date that cannot be read the forced way is read the only possible way.
    expect(firstDates(us, true)).toEqual(['2024-01-13']);
  });

  it('reads ISO and other year-first dates as year-month-day whatever the option', () => {
    const text = '2024-03-05 10:00 - A: x\n2024. 03. 06. 10:00 - A: y';
    expect(firstDates(text)).toEqual(['2024-03-05', '2024-03-06']);
    expect(firstDates(text, true)).toEqual(['2024-03-05', '2024-03-06']);
    expect(firstDates(text, false)).toEqual(['2024-03-05', '2024-03-06']);
  });

  it('treats a line with an impossible date as a continuation, not a message', () => {
    const parsed = parseChat('30/01/2024, 10:00 - A: x\n31/02/2024, 10:01 - A: y');
    expect(parsed.total_msgs).toBe(1);
    expect(parsed.messages[0]?.content).toBe('x\n31/02/2024, 10:01 - A: y');
  });

  it('expands two-digit years into the 2000s', () => {
    expect(firstDates('13/01/09, 10:00 - A: x')).toEqual(['2009-01-13']);
  });
});

import { reportMessages } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import {
  CHOOSE_BOTH_DAYS,
  customRangeError,
  daysRange,
  presetRange,
  previousPeriodName,
  previousRange,
  todayIn,
} from './report-period';

describe('report periods', () => {
  it("reads today in the organisation's zone, not the browser's", () => {
    // 20:30 UTC on 6 May is already 7 May in Kolkata (+05:30) and still 6 May in New York.
    const now = new Date('2026-05-06T20:30:00Z');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-05-07');
    expect(todayIn('America/New_York', now)).toBe('2026-05-06');
    expect(todayIn('Not/A_Zone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('ends each preset today, the end exclusive, and compares with as many days before', () => {
    expect(presetRange('today', '2026-05-07')).toEqual({ from: '2026-05-07', to: '2026-05-08' });
    expect(presetRange('last7', '2026-05-07')).toEqual({ from: '2026-05-01', to: '2026-05-08' });
    expect(presetRange('last30', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-02' });
    expect(previousRange({ from: '2026-05-01', to: '2026-05-08' })).toEqual({
      from: '2026-04-24',
      to: '2026-05-01',
    });
    expect(previousPeriodName({ from: '2026-05-07', to: '2026-05-08' })).toBe('the day before');
    expect(previousPeriodName({ from: '2026-05-01', to: '2026-05-08' })).toBe('the 7 days before');
  });

  it('takes a custom range of whole days, its last day included, and says what is wrong with one', () => {
    expect(daysRange('2026-05-03', '2026-05-03')).toEqual({ from: '2026-05-03', to: '2026-05-04' });
    expect(customRangeError('2026-05-03', '2026-05-03')).toBeNull();
    expect(customRangeError('2026-05-03', '')).toBe(CHOOSE_BOTH_DAYS);
    expect(customRangeError('2026-05-03', '2026-05-02')).toBe(reportMessages.rangeInvalid);
    expect(customRangeError('2026-02-30', '2026-03-02')).toBe(reportMessages.dateInvalid);
    // 366 days is the most the server reports on.
    expect(customRangeError('2025-01-01', '2026-01-01')).toBeNull();
    expect(customRangeError('2025-01-01', '2026-01-02')).toBe(reportMessages.rangeTooLong);
  });
});

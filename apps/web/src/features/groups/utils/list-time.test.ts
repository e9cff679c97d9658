import { describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '@/shared/format/time-zone';
import { listTime } from './list-time';
import { localDay } from './message-layout';

const seconds = (date: Date) => date.getTime() / 1000;

describe('listTime', () => {
  const now = new Date(2024, 2, 5, 15, 30);

  it('shows the time for a message of today', () => {
    expect(listTime(seconds(new Date(2024, 2, 5, 14, 7)), now)).toBe('02:07 pm');
    expect(listTime(seconds(new Date(2024, 2, 5, 0, 0)), now)).toBe('12:00 am');
  });

  it('says Yesterday for the day before, up to its first minute', () => {
    expect(listTime(seconds(new Date(2024, 2, 4, 23, 59)), now)).toBe('Yesterday');
    expect(listTime(seconds(new Date(2024, 2, 4, 0, 0)), now)).toBe('Yesterday');
  });

  it('shows the en-IN date before that', () => {
    expect(listTime(seconds(new Date(2024, 2, 3, 23, 59)), now)).toBe('3 Mar 2024');
    expect(listTime(seconds(new Date(2023, 11, 31, 9, 0)), now)).toBe('31 Dec 2023');
  });

  it('counts yesterday across a month boundary', () => {
    expect(listTime(seconds(new Date(2024, 1, 29, 18, 0)), new Date(2024, 2, 1, 8, 0))).toBe('Yesterday');
  });

  it('counts today and yesterday, and the chat’s days, in the member’s time zone', () => {
    const at = Date.parse('2024-03-05T22:00:00Z') / 1000;
    // 22:00 UTC on 5 March is already 6 March in Tokyo; "now" is 6 March, 15:30 there.
    const tokyoAfternoon = new Date('2024-03-06T06:30:00Z');
    setDisplayTimeZone('Asia/Tokyo');
    expect(listTime(at, tokyoAfternoon)).toBe('07:00 am');
    expect(localDay(at)).toBe('2024-03-06');
    expect(listTime(Date.parse('2024-03-05T14:59:00Z') / 1000, tokyoAfternoon)).toBe('Yesterday');
    setDisplayTimeZone('UTC');
    expect(listTime(at, tokyoAfternoon)).toBe('Yesterday');
    expect(localDay(at)).toBe('2024-03-05');
    expect(listTime(Date.parse('2024-03-04T23:59:00Z') / 1000, tokyoAfternoon)).toBe('4 Mar 2024');
  });
});

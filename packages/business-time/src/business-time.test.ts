import { describe, expect, it } from 'vitest';
import { addBusinessSeconds, businessSecondsBetween } from './business-time';
import { type BusinessCalendar, calendarProblem } from './calendar-rules';

const HOUR = 3_600;
const utc = (text: string) => Date.parse(text);

const officeHours = (timeZone: string, extra: Partial<BusinessCalendar> = {}): BusinessCalendar => ({
  timeZone,
  week: Object.fromEntries(
    (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => [day, [{ from: '09:00', to: '17:00' }]]),
  ),
  ...extra,
});

describe('businessSecondsBetween', () => {
  const berlin = officeHours('Europe/Berlin');

  it('counts the windows of each local weekday, in the calendar’s zone', () => {
    // Friday 16:00 to Monday 10:00 in Berlin (UTC+1 in winter): 1 h on Friday, 1 h on Monday.
    expect(businessSecondsBetween(berlin, utc('2026-01-09T15:00Z'), utc('2026-01-12T09:00Z'))).toBe(2 * HOUR);
    // A whole working week.
    expect(businessSecondsBetween(berlin, utc('2026-01-11T00:00Z'), utc('2026-01-18T00:00Z'))).toBe(
      40 * HOUR,
    );
  });

  it('is 0 for an end before or at its start', () => {
    expect(businessSecondsBetween(berlin, utc('2026-01-12T12:00Z'), utc('2026-01-12T10:00Z'))).toBe(0);
    expect(businessSecondsBetween(berlin, utc('2026-01-12T12:00Z'), utc('2026-01-12T12:00Z'))).toBe(0);
  });

  it('skips holidays (local dates) and pauses', () => {
    const withHoliday = officeHours('Europe/Berlin', { holidays: ['2026-01-12'] });
    expect(businessSecondsBetween(withHoliday, utc('2026-01-11T00:00Z'), utc('2026-01-18T00:00Z'))).toBe(
      32 * HOUR,
    );
    // Paused Monday 10:00–12:00 local and, overlapping, 11:00–13:00: 3 h out of 8.
    const pauses = [
      { from: utc('2026-01-12T09:00Z'), to: utc('2026-01-12T11:00Z') },
      { from: utc('2026-01-12T10:00Z'), to: utc('2026-01-12T12:00Z') },
    ];
    expect(businessSecondsBetween(berlin, utc('2026-01-12T00:00Z'), utc('2026-01-13T00:00Z'), pauses)).toBe(
      5 * HOUR,
    );
  });

  it('gives a night window an hour more when the clocks go back, and an hour less when they go forward', () => {
    const night: BusinessCalendar = {
      timeZone: 'Europe/Berlin',
      week: { sun: [{ from: '00:00', to: '04:00' }] },
    };
    // 2026-10-25: 03:00 CEST becomes 02:00 CET. 2026-03-29: 02:00 CET becomes 03:00 CEST.
    expect(businessSecondsBetween(night, utc('2026-10-24T12:00Z'), utc('2026-10-25T12:00Z'))).toBe(5 * HOUR);
    expect(businessSecondsBetween(night, utc('2026-03-28T12:00Z'), utc('2026-03-29T12:00Z'))).toBe(3 * HOUR);
  });

  it('counts a night shift written as two windows, across midnight', () => {
    const shift: BusinessCalendar = {
      timeZone: 'Asia/Kolkata',
      week: { fri: [{ from: '20:00', to: '24:00' }], sat: [{ from: '00:00', to: '04:00' }] },
    };
    // Friday 2026-01-09 18:00 to Saturday 06:00 IST (UTC+5:30).
    expect(businessSecondsBetween(shift, utc('2026-01-09T12:30Z'), utc('2026-01-10T00:30Z'))).toBe(8 * HOUR);
  });
});

describe('addBusinessSeconds', () => {
  const newYork = officeHours('America/New_York');

  it('finds when a clock falls due, across nights and weekends', () => {
    // Friday 16:30 EST + 1 business hour = Monday 09:30 EST.
    expect(addBusinessSeconds(newYork, utc('2026-01-09T21:30Z'), HOUR)).toBe(utc('2026-01-12T14:30Z'));
    // Exactly the rest of the day ends at its close, not at the next opening.
    expect(addBusinessSeconds(newYork, utc('2026-01-09T21:30Z'), HOUR / 2)).toBe(utc('2026-01-09T22:00Z'));
    expect(addBusinessSeconds(newYork, utc('2026-01-09T21:30Z'), 0)).toBe(utc('2026-01-09T21:30Z'));
  });

  it('waits out pauses and holidays', () => {
    const holiday = officeHours('America/New_York', { holidays: ['2026-01-12'] });
    expect(addBusinessSeconds(holiday, utc('2026-01-09T21:30Z'), HOUR)).toBe(utc('2026-01-13T14:30Z'));
    const pause = [{ from: utc('2026-01-12T14:00Z'), to: utc('2026-01-12T16:00Z') }];
    expect(addBusinessSeconds(newYork, utc('2026-01-09T21:30Z'), HOUR, pause)).toBe(utc('2026-01-12T16:30Z'));
  });

  it('refuses a calendar with no business time, and a negative amount, instead of looking for ever', () => {
    const closed: BusinessCalendar = { timeZone: 'UTC', week: {} };
    expect(() => addBusinessSeconds(closed, 0, 60)).toThrow('no business time');
    expect(() => addBusinessSeconds(newYork, 0, -1)).toThrow(RangeError);
  });
});

describe('calendarProblem', () => {
  it('names what is wrong with a calendar', () => {
    expect(calendarProblem(officeHours('Europe/Berlin'))).toBeNull();
    expect(calendarProblem(officeHours('Mars/Olympus_Mons'))).toBe('Unknown time zone: Mars/Olympus_Mons');
    expect(calendarProblem({ timeZone: 'UTC', week: { mon: [{ from: '17:00', to: '09:00' }] } })).toBe(
      'mon: a window ends after it starts, not 17:00–09:00',
    );
    expect(calendarProblem({ timeZone: 'UTC', week: { mon: [{ from: '9:00', to: '24:30' }] } })).toMatch(
      /^mon: times are 'HH:MM'/,
    );
    expect(calendarProblem({ timeZone: 'UTC', week: {}, holidays: ['2026-02-30'] })).toBe(
      "Holidays are local dates 'YYYY-MM-DD', not 2026-02-30",
    );
  });
});

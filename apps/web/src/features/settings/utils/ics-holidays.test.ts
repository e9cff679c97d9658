import { describe, expect, it } from 'vitest';
import { icsHolidays } from './ics-holidays';

describe('icsHolidays', () => {
  it('reads all-day events (a multi-day one to the day before its end), timed ones by their date, folded lines', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20261225',
      'DTEND;VALUE=DATE:20261227',
      'SUMMARY:Christmas',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;TZID=Europe/Berlin:20260101T000000',
      'SUMMARY:New Year',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;VALU',
      ' E=DATE:20261003',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'SUMMARY:no date',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(icsHolidays(ics)).toEqual(['2026-01-01', '2026-10-03', '2026-12-25', '2026-12-26']);
    expect(icsHolidays('not a calendar')).toEqual([]);
  });
});

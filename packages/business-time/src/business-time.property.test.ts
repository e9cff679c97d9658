import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { addBusinessSeconds, businessSecondsBetween } from './business-time';
import { type BusinessCalendar, type BusinessWindow, type Interval, WEEKDAYS } from './calendar';
import { countMinuteByMinute } from './wall-clock-count';

// The counting compared with its definition, minute by minute, in zones that break naive arithmetic:
// half-hour and 45-minute offsets, a 30-minute daylight-saving shift (Lord Howe), southern-hemisphere
// summers, a zone 14 hours ahead, and plain UTC. Spans start near the zone's clock changes.
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'America/Santiago',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Australia/Sydney',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'UTC',
];
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Each zone's clock changes in 2025–2027 (none for a zone without them: then the start of 2026). */
const changes = new Map(
  ZONES.map((zone) => {
    const found: number[] = [];
    let at = Temporal.Instant.from('2025-01-01T00:00Z').toZonedDateTimeISO(zone);
    for (;;) {
      const next = at.getTimeZoneTransition('next');
      if (!next || next.epochMilliseconds > Date.UTC(2028, 0, 1)) break;
      found.push(next.epochMilliseconds);
      at = next;
    }
    return [zone, found.length > 0 ? found : [Date.UTC(2026, 0, 1)]];
  }),
);

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const window: fc.Arbitrary<BusinessWindow> = fc
  .tuple(fc.integer({ min: 0, max: 24 * 60 }), fc.integer({ min: 0, max: 24 * 60 }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => ({ from: clock(Math.min(a, b)), to: clock(Math.max(a, b)) }));

/** A zone, a span of up to two days starting within a day and a half of one of its clock changes. */
const scenario = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    change: fc.nat(),
    startMinutes: fc.integer({ min: -36 * 60, max: 36 * 60 }),
    spanMinutes: fc.integer({ min: 0, max: 2 * 24 * 60 }),
    week: fc.array(fc.array(window, { maxLength: 2 }), { minLength: 7, maxLength: 7 }),
    holidayDays: fc.array(fc.integer({ min: -2, max: 3 }), { maxLength: 2 }),
    pauses: fc.array(fc.tuple(fc.integer({ min: -60, max: 3 * 24 * 60 }), fc.nat({ max: 12 * 60 })), {
      maxLength: 3,
    }),
  })
  .map(({ zone, change, startMinutes, spanMinutes, week, holidayDays, pauses }) => {
    const list = changes.get(zone) as number[];
    const from = (list[change % list.length] as number) + startMinutes * MINUTE;
    const holidays = holidayDays.map((offset) =>
      Temporal.Instant.fromEpochMilliseconds(from + offset * DAY)
        .toZonedDateTimeISO(zone)
        .toPlainDate()
        .toString(),
    );
    const calendar: BusinessCalendar = {
      timeZone: zone,
      week: Object.fromEntries(WEEKDAYS.map((day, index) => [day, week[index] ?? []])),
      holidays,
    };
    const paused: Interval[] = pauses.map(([start, length]) => ({
      from: from + start * MINUTE,
      to: from + (start + length) * MINUTE,
    }));
    return { calendar, from, to: from + spanMinutes * MINUTE, pauses: paused };
  });

describe('business time against its minute-by-minute definition', () => {
  it('runs in a process zone of its own, which the results must not depend on', () => {
    // Lord Howe: UTC+10:30 in winter, +11 in summer (vitest.config.ts).
    expect([-630, -660]).toContain(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset());
  });

  it('counts spans longer than the offsets read at once (120 days over two clock changes)', () => {
    const calendar: BusinessCalendar = {
      timeZone: 'America/Santiago',
      week: {
        mon: [{ from: '08:30', to: '12:00' }],
        sat: [{ from: '22:00', to: '24:00' }],
        sun: [{ from: '00:00', to: '01:30' }],
      },
      holidays: ['2026-05-21'],
    };
    const from = Date.UTC(2026, 2, 1, 13, 7);
    const to = from + 120 * DAY;
    const pauses = [{ from: from + 30 * DAY, to: from + 33 * DAY }];
    const seconds = businessSecondsBetween(calendar, from, to, pauses);
    expect(seconds).toBe(countMinuteByMinute(calendar, from, to, pauses));
    expect(addBusinessSeconds(calendar, from, seconds, pauses)).toBeLessThanOrEqual(to);
    expect(
      businessSecondsBetween(calendar, from, addBusinessSeconds(calendar, from, seconds, pauses), pauses),
    ).toBe(seconds);
  });

  it('businessSecondsBetween counts what the wall clock says, pauses and holidays out', () => {
    fc.assert(
      fc.property(scenario, ({ calendar, from, to, pauses }) => {
        expect(businessSecondsBetween(calendar, from, to, pauses)).toBe(
          countMinuteByMinute(calendar, from, to, pauses),
        );
      }),
      { numRuns: 300 },
    );
    // The oracle counts minute by minute: 1–2 s alone, past vitest's 5 s default on a loaded CI machine.
  }, 30_000);

  it('addBusinessSeconds finds the earliest instant that many business seconds later', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 1, max: 16 * 60 }), ({ calendar, from, pauses }, minutes) => {
        const week = Object.values(calendar.week).flat();
        fc.pre(week.length > 0);
        const seconds = minutes * 60;
        const due = addBusinessSeconds(calendar, from, seconds, pauses);
        expect(businessSecondsBetween(calendar, from, due, pauses)).toBe(seconds);
        expect(businessSecondsBetween(calendar, from, due - 1, pauses)).toBeLessThan(seconds);
        // And the definition agrees, where the span is short enough to count by minutes.
        if (due - from <= 4 * DAY) expect(countMinuteByMinute(calendar, from, due, pauses)).toBe(seconds);
      }),
      { numRuns: 200 },
    );
  });
});

// Business time on the ticket engine's hot path: one count, or one due time, over spans of up to 30 days.
import { addBusinessSeconds, type BusinessCalendar, businessSecondsBetween } from '@wadesk/business-time';
import { rowsOf } from '../row';
import { median } from '../stats';

const row = rowsOf('business-time');
const CALLS = 20_000;
const RUNS = 7;
const TARGET_MS = 0.05;
const DAY = 86_400_000;

// Two windows a weekday, a holiday, the zone's clock change in the spans, and two pauses per call.
const calendar: BusinessCalendar = {
  timeZone: 'Europe/Berlin',
  week: Object.fromEntries(
    (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => [
      day,
      [
        { from: '08:30', to: '12:30' },
        { from: '13:30', to: '18:00' },
      ],
    ]),
  ),
  holidays: ['2026-10-03', '2026-11-01', '2026-12-25', '2026-12-26'],
};

/** Median milliseconds per call over RUNS runs of CALLS calls each, spans spread over 0–30 days. */
function perCall(call: (start: number, span: number) => number): number {
  const start = Date.UTC(2026, 9, 1);
  let sink = 0;
  const runs: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const began = performance.now();
    for (let i = 0; i < CALLS; i++) sink += call(start + (i % 97) * 3_600_000, ((i % 30) + 1) * DAY);
    if (run > 0) runs.push((performance.now() - began) / CALLS); // the first run warms up
  }
  if (Number.isNaN(sink)) throw new Error('unreachable');
  return median(runs);
}

export async function run() {
  const between = perCall((start, span) =>
    businessSecondsBetween(calendar, start, start + span, [
      { from: start + DAY, to: start + 2 * DAY },
      { from: start + span / 2, to: start + span / 2 + 3_600_000 },
    ]),
  );
  const due = perCall((start, span) =>
    addBusinessSeconds(calendar, start, span / 4000, [{ from: start + DAY, to: start + 2 * DAY }]),
  );
  const us = (value: number) => `${(value * 1000).toFixed(1)} µs`;
  return [
    row(
      'businessSecondsBetween, span ≤ 30 days (median per call)',
      us(between),
      `< ${us(TARGET_MS)}`,
      between < TARGET_MS,
    ),
    row(
      'addBusinessSeconds, due ≤ 30 days out (median per call)',
      us(due),
      `< ${us(TARGET_MS)}`,
      due < TARGET_MS,
    ),
  ];
}

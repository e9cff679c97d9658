import type { SlaClock } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { mostUrgentClock, slaClockState, slaClockText } from './sla-clock';

const NOW = Date.parse('2031-06-02T10:00:00Z');
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();

const clock = (extra: Partial<SlaClock> = {}): SlaClock => ({
  ticket_id: 1,
  kind: 'first_response',
  cycle: 0,
  policy_name: 'Standard',
  started_at: minutes(-35),
  due_at: minutes(25),
  warn_at: minutes(10),
  stopped_at: null,
  stopped_by: null,
  paused: false,
  met: null,
  business_seconds: 0,
  wall_seconds: 0,
  ...extra,
});

describe('slaClockState and slaClockText', () => {
  it.each([
    ['before its warning', clock(), 'ok', 'First response due in 25 min'],
    [
      'at its warning time',
      clock({ warn_at: minutes(0), due_at: minutes(15) }),
      'due_soon',
      'First response due soon, in 15 min',
    ],
    [
      'within a minute of its due time',
      clock({ warn_at: minutes(-14.5), due_at: minutes(0.5) }),
      'due_soon',
      'First response due soon, in < 1 min',
    ],
    [
      'at its due time',
      clock({ warn_at: minutes(-15), due_at: minutes(0) }),
      'breached',
      'First response overdue by < 1 min',
    ],
    [
      'past its due time',
      clock({ kind: 'resolution', warn_at: minutes(-80), due_at: minutes(-65) }),
      'breached',
      'Resolution overdue by 1 h 5 min',
    ],
    [
      'two days ahead',
      clock({ kind: 'resolution', due_at: minutes(2 * 1440 + 180), warn_at: minutes(2 * 1440 + 165) }),
      'ok',
      'Resolution due in 2 days 3 h',
    ],
    [
      'paused, even past its old due time',
      clock({ kind: 'resolution', paused: true, due_at: minutes(-5), warn_at: minutes(-20) }),
      'paused',
      'Resolution paused',
    ],
    [
      'a later next response',
      clock({ kind: 'next_response', cycle: 1 }),
      'ok',
      'Next response 2 due in 25 min',
    ],
    [
      'running without business time ahead',
      clock({ due_at: null, warn_at: null }),
      'ok',
      'First response: no business hours ahead',
    ],
    [
      'stopped by its due time',
      clock({ stopped_at: minutes(-23), met: true, business_seconds: 12 * 60, wall_seconds: 12 * 60 }),
      'met',
      'First response met in 12 min',
    ],
    [
      'stopped after its due time',
      clock({ stopped_at: minutes(-1), met: false, business_seconds: 7200, wall_seconds: 9000 }),
      'missed',
      'First response missed, took 2 h',
    ],
  ] as const)('a clock %s', (_, given, state, text) => {
    expect(slaClockState(given, NOW)).toBe(state);
    expect(slaClockText(given, NOW)).toBe(text);
  });
});

describe('mostUrgentClock', () => {
  const first = clock({ due_at: minutes(25) });
  const resolution = clock({ kind: 'resolution', due_at: minutes(240) });
  const overdue = clock({ kind: 'next_response', due_at: minutes(-5) });
  const paused = clock({ kind: 'resolution', paused: true, due_at: minutes(-600) });
  const stopped = clock({ stopped_at: minutes(-1), met: true, due_at: minutes(-700) });
  const noDue = clock({ kind: 'next_response', due_at: null, warn_at: null });

  it('takes the running clock due first, overdue ones included', () => {
    expect(mostUrgentClock([resolution, first])).toBe(first);
    expect(mostUrgentClock([resolution, first, overdue])).toBe(overdue);
  });

  it('puts paused clocks last and skips stopped ones', () => {
    expect(mostUrgentClock([paused, resolution, stopped])).toBe(resolution);
    expect(mostUrgentClock([paused, noDue])).toBe(noDue);
    expect(mostUrgentClock([stopped, paused])).toBe(paused);
    expect(mostUrgentClock([stopped])).toBeNull();
    expect(mostUrgentClock([])).toBeNull();
  });
});

import type { Clock } from '../../src/clock';

/** A clock that stands still until a test moves it. */
export interface FakeClock extends Clock {
  advance(milliseconds: number): void;
  set(date: Date): void;
}

export function createFakeClock(start = new Date()): FakeClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as FakeClock;
  clock.advance = (milliseconds) => {
    now += milliseconds;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

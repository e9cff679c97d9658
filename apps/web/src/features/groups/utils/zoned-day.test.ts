import { afterEach, describe, expect, it } from 'vitest';
import { zonedDayStart } from '@/features/groups/utils/zoned-day';
import { setDisplayTimeZone } from '@/shared/format/time-zone';

describe('zonedDayStart', () => {
  afterEach(() => setDisplayTimeZone(null));

  it("answers the day's midnight in the member's time zone", () => {
    setDisplayTimeZone('Asia/Kolkata');
    expect(new Date(zonedDayStart('2026-03-05') * 1000).toISOString()).toBe('2026-03-04T18:30:00.000Z');
    setDisplayTimeZone('America/New_York');
    // The day daylight saving starts: midnight is still EST.
    expect(new Date(zonedDayStart('2026-03-08') * 1000).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(zonedDayStart('2026-07-01') * 1000).toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });
});

import type { BusinessHours } from '@wadesk/contract';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];
const EVERY_DAY = [...WEEKDAYS, 'sat', 'sun'];

/** An office calendar in UTC, 09:00–17:00 on weekdays unless told otherwise, for SLA tests. */
export function officeHours({
  everyDay = false,
  holidays = [],
}: {
  everyDay?: boolean;
  holidays?: string[];
} = {}): BusinessHours {
  return {
    time_zone: 'UTC',
    week: Object.fromEntries(
      (everyDay ? EVERY_DAY : WEEKDAYS).map((day) => [day, [{ from: '09:00', to: '17:00' }]]),
    ),
    holidays,
    holiday_region: null,
  };
}

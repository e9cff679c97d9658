// The time beside a group in the list, as WhatsApp's chat list shows it, in the product's en-IN forms and
// the member's time zone (shared/format/time-zone.ts).

import { addDays } from '@/shared/format/calendar-dates';
import { zonedClock, zonedFormat } from '@/shared/format/time-zone';

const time = zonedFormat('en-IN', { hour: '2-digit', minute: '2-digit' });
const date = zonedFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** "02:07 pm": the time of day of a message (its day is in the chat's day separator). */
export function formatTime(timestampSeconds: number): string {
  return time().format(new Date(timestampSeconds * 1000));
}

/**
 * Today: the time ("02:07 pm"); yesterday: "Yesterday"; before: the date ("5 Mar 2024"). Days of the
 * member's time zone, counted by the calendar (a daylight-saving day is not 24 hours long).
 */
export function listTime(timestampSeconds: number, now: Date = new Date()): string {
  const at = new Date(timestampSeconds * 1000);
  const day = zonedClock(at).day;
  const today = zonedClock(now).day;
  if (day >= today) return time().format(at);
  if (day >= addDays(today, -1)) return 'Yesterday';
  return date().format(at);
}

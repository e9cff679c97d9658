import { knownTimeZone } from '@/shared/format/time-zone';

/** One choice of the time-zone list: the IANA name and how the list shows it. */
export interface TimeZoneOption {
  zone: string;
  label: string;
}

/** "GMT+5:30" for a zone at `at` (its offset then: daylight saving moves it). */
function offsetOf(zone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    timeZoneName: 'shortOffset',
  }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * The zones this browser knows, "America/New York (GMT-5)": UTC, then the rest by name. `keep`, a zone saved
 * from another browser that this one lists under another name (Asia/Calcutta, Asia/Kolkata), is added so
 * the saved choice still shows.
 */
export function timeZoneOptions(keep: string | null, at: Date = new Date()): TimeZoneOption[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const named = new Set(zones);
  if (keep && knownTimeZone(keep)) named.add(keep);
  named.delete('UTC');
  return ['UTC', ...[...named].sort()].map((zone) => ({
    zone,
    label: `${zone.replaceAll('_', ' ')} (${offsetOf(zone, at)})`,
  }));
}

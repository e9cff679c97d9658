import { REPORT_MAX_DAYS, type ReportRange, reportMessages } from '@wadesk/contract';
import { addDays, dayNumber } from '@/shared/format/calendar-dates';
import { knownTimeZone } from '@/shared/format/time-zone';

export type PeriodPreset = 'today' | 'last7' | 'last30' | 'custom';

export const PERIOD_PRESETS: readonly { id: PeriodPreset; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'custom', label: 'Custom range' },
];

/** Days a preset covers, today included. */
const PRESET_DAYS: Record<Exclude<PeriodPreset, 'custom'>, number> = { today: 1, last7: 7, last30: 30 };

export const CHOOSE_BOTH_DAYS = 'Choose the first and the last day of the range.';

/**
 * Today's date (`YYYY-MM-DD`) in `zone`, the organisation's, in which the server reads a report's dates; the
 * browser's zone until the server has named it (or when this browser does not know it).
 */
export function todayIn(zone: string | null, now: Date = new Date()): string {
  const timeZone = zone && knownTimeZone(zone) ? zone : undefined;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  for (const { type, value } of format.formatToParts(now)) parts[type] = value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The range the server is asked for: `from` the first day, `to` the day after the last (exclusive). */
export function daysRange(first: string, last: string): ReportRange {
  return { from: first, to: addDays(last, 1) };
}

/** A preset's days, ending today. */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: string): ReportRange {
  return daysRange(addDays(today, 1 - PRESET_DAYS[preset]), today);
}

/** Why a custom range (its first and last day, both included) cannot be asked for; null when it can. */
export function customRangeError(first: string, last: string): string | null {
  if (!first || !last) return CHOOSE_BOTH_DAYS;
  const [start, end] = [dayNumber(first), dayNumber(last)];
  if (start === null || end === null) return reportMessages.dateInvalid;
  if (end < start) return reportMessages.rangeInvalid;
  if (end + 1 - start > REPORT_MAX_DAYS) return reportMessages.rangeTooLong;
  return null;
}

/** How many days a range covers. */
export function rangeDays({ from, to }: ReportRange): number {
  return (dayNumber(to) ?? 0) - (dayNumber(from) ?? 0);
}

/** The period of the same length just before: what each figure is compared with. */
export function previousRange(range: ReportRange): ReportRange {
  return { from: addDays(range.from, -rangeDays(range)), to: range.from };
}

/** "the day before" / "the 7 days before". */
export function previousPeriodName(range: ReportRange): string {
  const days = rangeDays(range);
  return days === 1 ? 'the day before' : `the ${days} days before`;
}

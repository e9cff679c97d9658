import type { ChatMessage } from '@wadesk/chat-export';
import { addDays, dayNumber, dayOfDate, formatDay } from '@/shared/format/calendar-dates';

/** The part of the chat analysed: `YYYY-MM-DD` days, inclusive; a missing end is open. */
export interface DateRange {
  from?: string;
  to?: string;
}

/** First and last day of the chat. */
export interface ChatBounds {
  first: string;
  last: string;
}

export type PresetId = 'all' | 'last-30-days' | 'last-90-days' | 'last-year';

export const PRESETS: readonly { id: PresetId; label: string }[] = [
  { id: 'all', label: 'All time' },
  { id: 'last-30-days', label: 'Last 30 days of the chat' },
  { id: 'last-90-days', label: 'Last 90 days of the chat' },
  { id: 'last-year', label: 'Last year of the chat' },
];

const PRESET_DAYS: Record<Exclude<PresetId, 'all'>, number> = {
  'last-30-days': 30,
  'last-90-days': 90,
  'last-year': 365,
};

/** The first and last day of the messages (in any order in the file), or null without dated messages. */
export function chatBounds(messages: readonly ChatMessage[]): ChatBounds | null {
  let first: string | null = null;
  let last: string | null = null;
  for (const message of messages) {
    const day = dayOfDate(message.date);
    if (day === null) continue;
    if (first === null || day < first) first = day;
    if (last === null || day > last) last = day;
  }
  return first !== null && last !== null ? { first, last } : null;
}

/**
 * A preset's range. "Last N days of the chat" counts back from the chat's last day (an old export
 * would have nothing in the last 30 days of today), never before its first day.
 */
export function presetRange(preset: PresetId, bounds: ChatBounds | null): DateRange {
  if (preset === 'all' || bounds === null) return {};
  const from = addDays(bounds.last, -(PRESET_DAYS[preset] - 1));
  // Days compare as text (YYYY-MM-DD).
  if (from < bounds.first) return { from: bounds.first, to: bounds.last };
  return { from, to: bounds.last };
}

/** The preset a range is, if any. */
export function presetOf(range: DateRange, bounds: ChatBounds | null): PresetId | null {
  const normal = normaliseRange(range, bounds);
  return (
    PRESETS.find(({ id }) => {
      const candidate = normaliseRange(presetRange(id, bounds), bounds);
      return candidate.from === normal.from && candidate.to === normal.to;
    })?.id ?? null
  );
}

/**
 * A range as the analysis should get it: bad days dropped, ends swapped when reversed, and ends at
 * the chat's own first or last day left open, so "All time" is one range however it was typed.
 */
export function normaliseRange(range: DateRange, bounds: ChatBounds | null): DateRange {
  let from = range.from && dayNumber(range.from) !== null ? range.from : undefined;
  let to = range.to && dayNumber(range.to) !== null ? range.to : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  if (bounds) {
    if (from && from <= bounds.first) from = undefined;
    if (to && to >= bounds.last) to = undefined;
  }
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** "12 Jan 2024 – 14 Feb 2024", "from 12 Jan 2024", "until 14 Feb 2024", or null for all time. */
export function describeRange(range: DateRange): string | null {
  if (range.from && range.to) {
    return range.from === range.to
      ? formatDay(range.from)
      : `${formatDay(range.from)} – ${formatDay(range.to)}`;
  }
  if (range.from) return `from ${formatDay(range.from)}`;
  if (range.to) return `until ${formatDay(range.to)}`;
  return null;
}

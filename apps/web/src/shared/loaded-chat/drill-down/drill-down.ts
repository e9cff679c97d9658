import { MEDIA_KINDS, type MessageFilter, SYSTEM_EVENT_KINDS } from '@wadesk/chat-export';
import {
  addDays,
  dayNumber,
  formatDay,
  formatHourRange,
  formatMonth,
  formatWeekdayDay,
  WEEKDAYS,
} from '@/shared/format/calendar-dates';
import { type DateRange, describeRange } from '@/shared/loaded-chat/date-range/date-range';
import { MEDIA_LABELS, SYSTEM_EVENT_LABELS } from '@/shared/loaded-chat/labels';

/** The messages behind a number of the analysis: its filter within the analysed date range. */
export interface DrillDown {
  filter: MessageFilter;
  range: DateRange;
}

/**
 * Drill-downs travel in the history entry's state, never in the URL: a filter holds chat text (a
 * name, a word), and a URL goes to the server on a reload, which an anonymous chat must never do.
 */
export interface DrillDownState {
  drillDown: DrillDown;
}

/** What the Analysis screen keeps in its history entry: the range it showed. */
export interface AnalysisState {
  range: DateRange;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WEEK = /^\d{4}-W\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A range from a history state, with only real days kept. */
export function readRange(value: unknown): DateRange {
  if (!isRecord(value)) return {};
  const day = (v: unknown) => (typeof v === 'string' && dayNumber(v) !== null ? v : undefined);
  const from = day(value.from);
  const to = day(value.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** A filter from a history state: known fields of the right shape only; null when none is left. */
export function readFilter(value: unknown): MessageFilter | null {
  if (!isRecord(value)) return null;
  const filter: MessageFilter = {};
  const text = (key: string) =>
    typeof value[key] === 'string' && value[key] !== '' ? value[key] : undefined;
  const flag = (key: string) => (typeof value[key] === 'boolean' ? value[key] : undefined);
  const whole = (key: string, max: number) => {
    const v = value[key];
    return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max ? v : undefined;
  };
  const author = text('author');
  if (author) filter.author = author;
  const day = text('day');
  if (day && DAY.test(day)) filter.day = day;
  const week = text('week');
  if (week && WEEK.test(week)) filter.week = week;
  const month = text('month');
  if (month && MONTH.test(month)) filter.month = month;
  const weekday = whole('weekday', 6);
  if (weekday !== undefined) filter.weekday = weekday;
  const hour = whole('hour', 23);
  if (hour !== undefined) filter.hour = hour;
  for (const key of ['word', 'emoji', 'domain'] as const) {
    const v = text(key);
    if (v) filter[key] = v;
  }
  const media = text('media');
  if (media === 'any' || MEDIA_KINDS.includes(media as never)) filter.media = media as MessageFilter['media'];
  const systemEvent = text('systemEvent');
  if (systemEvent === 'any' || SYSTEM_EVENT_KINDS.includes(systemEvent as never))
    filter.systemEvent = systemEvent as MessageFilter['systemEvent'];
  for (const key of ['deleted', 'edited', 'startsConversation', 'response'] as const) {
    const v = flag(key);
    if (v !== undefined) filter[key] = v;
  }
  return Object.keys(filter).length > 0 ? filter : null;
}

/** The drill-down a history entry carries, if any. */
export function readDrillDown(state: unknown): DrillDown | null {
  if (!isRecord(state) || !isRecord(state.drillDown)) return null;
  const filter = readFilter(state.drillDown.filter);
  return filter ? { filter, range: readRange(state.drillDown.range) } : null;
}

/** The Monday of an ISO week key `YYYY-Www`. */
export function isoWeekMonday(week: string): string | null {
  if (!WEEK.test(week)) return null;
  const year = Number(week.slice(0, 4));
  const number = Number(week.slice(6));
  const january4 = `${year}-01-04`; // always in week 1
  const weekday = ((dayNumber(january4) ?? 0) + 3) % 7;
  return addDays(january4, -weekday + (number - 1) * 7);
}

/** The filter in words: "Tuesday 21:00–22:00", "Priya · Replies", "January 2024 · Joined". */
export function describeFilter(filter: MessageFilter): string {
  const parts: string[] = [];
  if (filter.author) parts.push(filter.author);
  if (filter.day) parts.push(formatWeekdayDay(filter.day));
  if (filter.week) {
    const monday = isoWeekMonday(filter.week);
    parts.push(monday ? `Week of ${formatDay(monday)}` : filter.week);
  }
  if (filter.month) parts.push(formatMonth(filter.month, true));
  if (filter.weekday !== undefined && filter.hour !== undefined)
    parts.push(`${WEEKDAYS[filter.weekday]} ${formatHourRange(filter.hour)}`);
  else if (filter.weekday !== undefined) parts.push(`${WEEKDAYS[filter.weekday]}s`);
  else if (filter.hour !== undefined) parts.push(formatHourRange(filter.hour));
  if (filter.word) parts.push(`“${filter.word}”`);
  if (filter.emoji) parts.push(filter.emoji);
  if (filter.domain) parts.push(`Links to ${filter.domain}`);
  if (filter.media) parts.push(filter.media === 'any' ? 'Media' : MEDIA_LABELS[filter.media]);
  if (filter.deleted !== undefined) parts.push(filter.deleted ? 'Deleted' : 'Not deleted');
  if (filter.edited !== undefined) parts.push(filter.edited ? 'Edited' : 'Not edited');
  if (filter.startsConversation) parts.push('Conversation starters');
  if (filter.response) parts.push('Replies');
  if (filter.systemEvent)
    parts.push(
      filter.systemEvent === 'any' ? 'System messages' : `System: ${SYSTEM_EVENT_LABELS[filter.systemEvent]}`,
    );
  return parts.join(' · ') || 'All messages';
}

/** The viewer's chip: "Tuesday 21:00–22:00 · 37 messages", with the range when one is set. */
export function chipLabel(drillDown: DrillDown, count: number | null): string {
  const range = describeRange(drillDown.range);
  const parts = [describeFilter(drillDown.filter)];
  if (range) parts.push(range);
  if (count !== null) parts.push(`${count.toLocaleString('en-IN')} ${count === 1 ? 'message' : 'messages'}`);
  return parts.join(' · ');
}

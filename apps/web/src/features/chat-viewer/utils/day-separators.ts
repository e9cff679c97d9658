import type { ChatMessage } from '@wadesk/chat-export';

/** `YYYY-MM-DD` of a message's wall-clock date. */
export function dayKey(message: Pick<ChatMessage, 'date'>): string {
  return message.date.slice(0, 10);
}

/** Whether a day separator goes above the message at `index`. */
export function startsNewDay(messages: readonly Pick<ChatMessage, 'date'>[], index: number): boolean {
  const message = messages[index];
  if (!message) return false;
  const previous = messages[index - 1];
  return !previous || dayKey(previous) !== dayKey(message);
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tuesday, 1 March 2022" for `2022-03-01`; the wall-clock date is shown as written, with no time zone shift. */
export function formatDayLabel(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  if (!y || !m || !d) return key;
  const date = new Date(Date.UTC(y, m - 1, d));
  return Number.isNaN(date.getTime()) ? key : dayFormat.format(date);
}

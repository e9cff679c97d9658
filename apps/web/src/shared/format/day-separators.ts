/** `YYYY-MM-DD` of a message's wall-clock date (an ISO-like `YYYY-MM-DDTHH:mm…` string). */
export function dayKey(message: { date: string }): string {
  return message.date.slice(0, 10);
}

/**
 * Whether a day separator goes above the item at `index`. `keyOf` gives an item's `YYYY-MM-DD`
 * day; without it, the first ten characters of the item's `date`.
 */
export function startsNewDay(items: readonly { date: string }[], index: number): boolean;
export function startsNewDay<T>(items: readonly T[], index: number, keyOf: (item: T) => string): boolean;
export function startsNewDay<T>(items: readonly T[], index: number, keyOf?: (item: T) => string): boolean {
  const key = keyOf ?? ((item: T) => dayKey(item as { date: string }));
  const item = items[index];
  if (item === undefined) return false;
  const previous = items[index - 1];
  return previous === undefined || key(previous) !== key(item);
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

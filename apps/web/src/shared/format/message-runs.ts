/**
 * Consecutive messages of one author on one day form a run: the author's name (and avatar) is
 * shown once, on the run's first message, as WhatsApp does.
 */
export interface RunKeys<T> {
  /** Who wrote the item (a name, a number, an id). */
  author: (item: T) => string;
  /** The item's day, e.g. `YYYY-MM-DD`; a new day starts a new run. */
  day: (item: T) => string;
}

/** Whether the item at `index` starts a new run (the first item always does). */
export function startsNewRun<T>(items: readonly T[], index: number, keys: RunKeys<T>): boolean {
  const item = items[index];
  if (item === undefined) return false;
  const previous = items[index - 1];
  if (previous === undefined) return true;
  return keys.author(previous) !== keys.author(item) || keys.day(previous) !== keys.day(item);
}

/** Whether the item at `index` is the last of its run (the next one starts a new run or there is none). */
export function endsRun<T>(items: readonly T[], index: number, keys: RunKeys<T>): boolean {
  if (items[index] === undefined) return false;
  return index === items.length - 1 || startsNewRun(items, index + 1, keys);
}

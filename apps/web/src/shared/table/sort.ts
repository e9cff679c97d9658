export type SortDirection = 'asc' | 'desc';

const time = (value: string) => Date.parse(value) || 0;

/** By creation time, oldest first (`asc`) or newest first (`desc`); ties keep their order. */
export function sortByCreatedAt<T extends { created_at: string }>(
  rows: readonly T[],
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (time(a.created_at) - time(b.created_at)));
}

export const flipSort = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');

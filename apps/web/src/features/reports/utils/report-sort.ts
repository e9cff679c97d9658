import type { ReportRow } from '@wadesk/contract';
import type { SortDirection } from '@/shared/table/sort';
import { TABLE_FIGURES } from './report-figures';

/** The table's order: by name, or by a figure's id (FIGURES). */
export interface RowSort {
  by: 'name' | string;
  direction: SortDirection;
}

export const DEFAULT_SORT: RowSort = { by: 'opened', direction: 'desc' };

/** Rows in the asked order; rows without the figure (a dash) go last either way, ties by name. */
export function sortRows(rows: readonly ReportRow[], { by, direction }: RowSort): ReportRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byName = (a: ReportRow, b: ReportRow) => a.name.localeCompare(b.name);
  if (by === 'name') return [...rows].sort((a, b) => sign * byName(a, b));
  const figure = TABLE_FIGURES.find((def) => def.id === by);
  if (!figure) return [...rows];
  return [...rows].sort((a, b) => {
    const [x, y] = [figure.read(a), figure.read(b)];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

/** A click on a header: the other way round when it is the order already, else its natural first way. */
export function nextSort(current: RowSort, by: string): RowSort {
  if (current.by === by) return { by, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  // Names read A to Z; figures biggest first.
  return { by, direction: by === 'name' ? 'asc' : 'desc' };
}

import { describe, expect, it } from 'vitest';
import { allSelected, toggleAll, toggleValue } from './checkbox-filter-state';
import { flipSort, sortByCreatedAt } from './sort';

const rows = [
  { id: 1, created_at: '2024-03-05T08:00:00Z' },
  { id: 2, created_at: '2024-01-05T08:00:00Z' },
  { id: 3, created_at: '2024-02-05T08:00:00Z' },
];

describe('sortByCreatedAt', () => {
  it('sorts both ways without touching the input', () => {
    expect(sortByCreatedAt(rows, 'asc').map((row) => row.id)).toEqual([2, 3, 1]);
    expect(sortByCreatedAt(rows, 'desc').map((row) => row.id)).toEqual([1, 3, 2]);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
    expect(flipSort('asc')).toBe('desc');
    expect(flipSort('desc')).toBe('asc');
  });
});

describe('checkbox filter', () => {
  const values = ['open', 'in_progress', 'close'] as const;
  it('All follows the boxes and sets them all', () => {
    expect(allSelected(values, ['close', 'open', 'in_progress'])).toBe(true);
    expect(allSelected(values, ['open'])).toBe(false);
    expect(toggleAll(values, [...values])).toEqual([]);
    expect(toggleAll(values, ['open'])).toEqual([...values]);
    expect(toggleValue(values, [...values], 'open')).toEqual(['in_progress', 'close']);
    expect(toggleValue(values, ['close'], 'open')).toEqual(['open', 'close']);
  });
});

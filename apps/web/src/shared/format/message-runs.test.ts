import { describe, expect, it } from 'vitest';
import { endsRun, type RunKeys, startsNewRun } from './message-runs';

interface Item {
  from: string;
  at: string;
}
const keys: RunKeys<Item> = { author: (m) => m.from, day: (m) => m.at.slice(0, 10) };
const items: Item[] = [
  { from: 'Asha', at: '2022-03-01T08:00' },
  { from: 'Asha', at: '2022-03-01T08:01' },
  { from: 'Ravi', at: '2022-03-01T08:02' },
  { from: 'Asha', at: '2022-03-01T08:03' },
  { from: 'Asha', at: '2022-03-02T09:00' },
  { from: 'Asha', at: '2022-03-02T09:05' },
];

describe('message runs', () => {
  it('starts a run at the first item, at a new author and at a new day', () => {
    expect(items.map((_, i) => startsNewRun(items, i, keys))).toEqual([true, false, true, true, true, false]);
  });

  it('ends a run before a new author, a new day and at the last item', () => {
    expect(items.map((_, i) => endsRun(items, i, keys))).toEqual([false, true, true, true, false, true]);
  });

  it('says nothing about an index outside the list', () => {
    expect(startsNewRun(items, 99, keys)).toBe(false);
    expect(endsRun(items, -1, keys)).toBe(false);
    expect(startsNewRun([], 0, keys)).toBe(false);
  });

  it('is generic over the keys: an author id and a numeric day', () => {
    const rows = [
      { id: 1, d: 5 },
      { id: 1, d: 5 },
      { id: 1, d: 6 },
    ];
    const k: RunKeys<(typeof rows)[number]> = { author: (r) => String(r.id), day: (r) => String(r.d) };
    expect(rows.map((_, i) => startsNewRun(rows, i, k))).toEqual([true, false, true]);
  });
});

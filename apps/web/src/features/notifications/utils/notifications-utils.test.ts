import type { Ticket } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { NOTIFIED_KEY, NOTIFIED_MAX, notifiedIds } from './notified-ids';
import { dueUnanswered, formatMinutes } from './unanswered';

const at = (minutesAgo: number, now: number) => new Date(now - minutesAgo * 60_000).toISOString();

describe('unanswered tickets', () => {
  const now = Date.UTC(2024, 4, 6, 10);
  const base = { status: 'open', first_response_at: null } as const;
  it('are open, without a business reply, and at least the threshold old', () => {
    const tickets = [
      { ...base, id: 1, created_at: at(30, now) },
      { ...base, id: 2, created_at: at(29, now) },
      { ...base, id: 3, created_at: at(90, now), first_response_at: at(80, now) },
      { ...base, id: 4, created_at: at(90, now), status: 'in_progress' },
      // Waiting on the customer (decision 0020): not unanswered, however old.
      { ...base, id: 5, created_at: at(90, now), status: 'pending' },
    ] as Ticket[];
    expect(dueUnanswered(tickets, 30, now).map((t) => t.id)).toEqual([1]);
  });

  it('say the threshold in words', () => {
    expect([30, 60, 90, 1440, 2 * 1440 + 180].map(formatMinutes)).toEqual([
      '30 min',
      '1 h',
      '1 h 30 min',
      '1 day',
      '2 days 3 h',
    ]);
  });
});

describe('notified ids', () => {
  beforeEach(() => localStorage.removeItem(NOTIFIED_KEY));
  it('remember ids, keeping only the newest NOTIFIED_MAX', () => {
    notifiedIds.add(Array.from({ length: NOTIFIED_MAX + 100 }, (_, i) => i + 1));
    expect(notifiedIds.has(1)).toBe(false);
    expect(notifiedIds.has(101)).toBe(true);
    expect(notifiedIds.has(NOTIFIED_MAX + 100)).toBe(true);
    expect(JSON.parse(localStorage.getItem(NOTIFIED_KEY) ?? '[]')).toHaveLength(NOTIFIED_MAX);
  });

  it('survive broken storage contents', () => {
    localStorage.setItem(NOTIFIED_KEY, '{not json');
    expect(notifiedIds.has(1)).toBe(false);
    notifiedIds.add([1]);
    expect(notifiedIds.has(1)).toBe(true);
  });
});

import type { Ticket } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { makeTicket } from '@/testing/ticket-fixtures';
import { placeTicket } from './ticket-page';

/** A ticket created on the `day`th of March (and last changed an hour later). */
const ticket = (id: number, day: number, extra: Partial<Ticket> = {}): Ticket => {
  const date = `2024-03-${String(day).padStart(2, '0')}`;
  return makeTicket(id, {
    customer_number: null,
    created_at: `${date}T08:00:00Z`,
    updated_at: `${date}T09:00:00Z`,
    ...extra,
  });
};

// Newest first, as the server answers: ids 5, 4, 2 created on the 5th, 4th and 2nd.
const page = [ticket(5, 5), ticket(4, 4), ticket(2, 2)];
const ids = (tickets: Ticket[]) => tickets.map((t) => t.id);

describe('placeTicket', () => {
  it('replaces a ticket that still passes in its place', () => {
    const changed = ticket(4, 4, { last_message: 'Any news?' });
    const placed = placeTicket(page, changed, { passes: true, limit: 10 });
    expect(ids(placed)).toEqual([5, 4, 2]);
    expect(placed[1]).toBe(changed);
  });

  it('removes a ticket that no longer passes, and leaves the page alone when it was not there', () => {
    expect(ids(placeTicket(page, ticket(4, 4), { passes: false, limit: 10 }))).toEqual([5, 2]);
    expect(placeTicket(page, ticket(9, 9), { passes: false, limit: 10 })).toBe(page);
  });

  it('puts a new ticket where its creation time says, not always first', () => {
    expect(ids(placeTicket(page, ticket(6, 6), { passes: true, limit: 10 }))).toEqual([6, 5, 4, 2]);
    // A split's later part may be older than tickets opened since.
    expect(ids(placeTicket(page, ticket(7, 3), { passes: true, limit: 10 }))).toEqual([5, 4, 7, 2]);
    // Same creation time: the higher id first.
    expect(ids(placeTicket(page, ticket(3, 4), { passes: true, limit: 10 }))).toEqual([5, 4, 3, 2]);
  });

  it('keeps a full page at its size, and leaves out a ticket older than all of it', () => {
    expect(ids(placeTicket(page, ticket(6, 6), { passes: true, limit: 3 }))).toEqual([6, 5, 4]);
    expect(ids(placeTicket(page, ticket(1, 1), { passes: true, limit: 3 }))).toEqual([5, 4, 2]);
    expect(ids(placeTicket(page, ticket(1, 1), { passes: true, limit: 4 }))).toEqual([5, 4, 2, 1]);
  });
});

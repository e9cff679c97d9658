import { describe, expect, it } from 'vitest';
import { toCsv } from '@/shared/csv/to-csv';
import { sortByCreatedAt } from '@/shared/table/sort';
import { formatDuration, secondsBetween } from './duration';
import { makeTicket } from './ticket-fixtures';
import {
  ALL_TICKET_STATUSES,
  filterTickets,
  lastMessagePreview,
  statusLabel,
  TICKET_CSV_COLUMNS,
  upsertTicket,
} from './ticket-table';

describe('ticket table', () => {
  it('cuts the last message at 25 characters plus "..."', () => {
    expect(lastMessagePreview('a'.repeat(25))).toBe('a'.repeat(25));
    expect(lastMessagePreview('My order has not arrived yet, please help')).toBe(
      'My order has not arrived ...',
    );
    expect(lastMessagePreview('')).toBe('');
  });

  it('labels statuses as the spec shows them', () => {
    expect(ALL_TICKET_STATUSES.map(statusLabel)).toEqual(['Open', 'In Progress', 'Closed']);
  });

  it('sorts by creation time and filters by status', () => {
    const tickets = [
      makeTicket(2, { status: 'in_progress' }),
      makeTicket(1, { status: 'close' }),
      makeTicket(3),
    ];
    expect(sortByCreatedAt(tickets, 'asc').map((t) => t.id)).toEqual([1, 2, 3]);
    expect(sortByCreatedAt(tickets, 'desc').map((t) => t.id)).toEqual([3, 2, 1]);
    expect(filterTickets(tickets, ['open', 'close']).map((t) => t.id)).toEqual([1, 3]);
    expect(filterTickets(tickets, ALL_TICKET_STATUSES)).toHaveLength(3);
    expect(filterTickets(tickets, [])).toEqual([]);
  });

  it('puts a changed ticket in place and a new one first', () => {
    const tickets = [makeTicket(1), makeTicket(2)];
    expect(upsertTicket(tickets, makeTicket(2, { status: 'close' })).map((t) => [t.id, t.status])).toEqual([
      [1, 'open'],
      [2, 'close'],
    ]);
    expect(upsertTicket(tickets, makeTicket(3)).map((t) => t.id)).toEqual([3, 1, 2]);
  });

  it('exports whole texts, labels and response times', () => {
    const csv = toCsv(
      [
        makeTicket(1, {
          last_message: '=cmd|"/c calc"!A1, then more',
          status: 'close',
          first_response_at: '2024-03-01T08:04:12Z',
          closed_at: '2024-03-01T09:00:00Z',
        }),
      ],
      TICKET_CSV_COLUMNS,
    );
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      'Ticket ID,Group Name,Customer,Customer Number,Last Message,Status,Start Time,Last Message Time,First Response Time,Closed Time,First Response (seconds),Resolution (seconds),Assignee,Answered By,Labels',
    );
    expect(row).toContain(`,"'=cmd|""/c calc""!A1, then more",Closed,`);
    expect(row?.endsWith(',252,3600,,,')).toBe(true);
  });
});

describe('durations', () => {
  it('measures and formats spans', () => {
    expect(secondsBetween('2024-03-01T08:00:00Z', '2024-03-01T08:04:12Z')).toBe(252);
    expect(secondsBetween('2024-03-01T08:00:00Z', null)).toBeNull();
    expect(secondsBetween('nonsense', '2024-03-01T08:00:00Z')).toBeNull();
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(252)).toBe('4m 12s');
    expect(formatDuration(240)).toBe('4m');
    expect(formatDuration(3780)).toBe('1h 3m');
    expect(formatDuration(7200)).toBe('2h');
    expect(formatDuration(187_200)).toBe('2d 4h');
    expect(formatDuration(0)).toBe('0s');
  });
});

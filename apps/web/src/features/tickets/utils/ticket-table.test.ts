import { describe, expect, it } from 'vitest';
import { toCsv } from '@/shared/csv/to-csv';
import { sortByCreatedAt } from '@/shared/table/sort';
import { makeTicket } from '@/testing/ticket-fixtures';
import { formatDuration, secondsBetween } from './duration';
import {
  ALL_TICKET_STATUSES,
  filterTickets,
  lastMessagePreview,
  passesListFilters,
  statusLabel,
  TICKET_CSV_COLUMNS,
  withShownDetails,
} from './ticket-table';

describe('ticket table', () => {
  it('cuts the last message at 25 characters plus "..."', () => {
    expect(lastMessagePreview('a'.repeat(25))).toBe('a'.repeat(25));
    expect(lastMessagePreview('My order has not arrived yet, please help')).toBe(
      'My order has not arrived ...',
    );
    expect(lastMessagePreview('')).toBe('');
  });

  it('labels statuses as the spec shows them, with Pending (decision 0020)', () => {
    expect(ALL_TICKET_STATUSES.map(statusLabel)).toEqual(['Open', 'In Progress', 'Pending', 'Closed']);
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

  it('keeps the labels and the assignee’s name shown when the engine’s ticket lacks them', () => {
    const asha = { id: 7, name: 'Asha' };
    const vip = { id: 1, name: 'VIP', colour: '#f00' };
    const shown = makeTicket(1, { assignee: asha, labels: [vip] });
    const fromEngine = makeTicket(1, { last_message: 'Any news?', assignee: { id: 7, name: '' } });
    expect(withShownDetails(fromEngine, shown)).toMatchObject({
      last_message: 'Any news?',
      assignee: asha,
      labels: [vip],
    });
    expect(withShownDetails(fromEngine, undefined)).toBe(fromEngine);
  });

  it('lets a ticket into a list as the server’s assignee and label filters would', () => {
    const mine = makeTicket(1, {
      assignee: { id: 7, name: 'Asha' },
      labels: [{ id: 3, name: 'VIP', colour: '#f00' }],
    });
    expect(passesListFilters(mine, {}, 7)).toBe(true);
    expect(passesListFilters(mine, { assignee: 'me' }, 7)).toBe(true);
    expect(passesListFilters(mine, { assignee: 'me' }, 8)).toBe(false);
    expect(passesListFilters(mine, { assignee: 'unassigned' }, 7)).toBe(false);
    expect(passesListFilters(makeTicket(2), { assignee: 'unassigned' }, 7)).toBe(true);
    expect(passesListFilters(mine, { labelId: 3 }, null)).toBe(true);
    expect(passesListFilters(mine, { labelId: 4 }, null)).toBe(false);
  });

  it('keeps a listed ticket in a list filtered by SLA, which its event cannot tell, until it is closed', () => {
    const open = makeTicket(1);
    // Listed: it stays (the list's next fetch says whether its clocks still pass).
    expect(passesListFilters(open, { sla: 'breached' }, 7, true)).toBe(true);
    // Not listed: only the server knows its clocks, so it waits for the next fetch.
    expect(passesListFilters(open, { sla: 'breached' }, 7, false)).toBe(false);
    // Closed: its clocks stopped, it leaves.
    expect(passesListFilters({ ...open, status: 'close' }, { sla: 'due_soon' }, 7, true)).toBe(false);
    expect(passesListFilters(open, { sla: 'due_soon', assignee: 'unassigned' }, 7, true)).toBe(true);
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

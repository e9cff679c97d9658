import type { InfiniteData } from '@tanstack/react-query';
import type { InboxResponse, InboxTicket } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { makeTicket } from '@/testing/ticket-fixtures';
import { inboxTickets, passesView, patchInboxPages, waitingLabel, withFirstPage } from './inbox-list';

const inboxTicket = (id: number, extra: Partial<InboxTicket> = {}): InboxTicket => ({
  ...makeTicket(id),
  last_customer_at: '2026-11-27T10:00:00.000Z',
  waiting_since: '2026-11-27T09:50:00.000Z',
  ...extra,
});

const pages = (...lists: InboxTicket[][]): InfiniteData<InboxResponse> => ({
  pages: lists.map((tickets, index) => ({
    tickets,
    next_cursor: index < lists.length - 1 ? `c${index}` : null,
  })),
  pageParams: lists.map((_, index) => (index === 0 ? '' : `c${index - 1}`)),
});

const ME = { id: 7, name: 'Mia Lee' };

describe('passesView', () => {
  it('lists active tickets by assignee in mine and unassigned, and by status in the others', () => {
    const mine = makeTicket(1, { assignee: ME, status: 'pending' });
    const closedMine = makeTicket(2, { assignee: ME, status: 'close' });
    const nobodys = makeTicket(3);
    expect(passesView(mine, 'mine', 7)).toBe(true);
    expect(passesView(mine, 'mine', 8)).toBe(false);
    expect(passesView(closedMine, 'mine', 7)).toBe(false);
    expect(passesView(nobodys, 'unassigned', 7)).toBe(true);
    expect(passesView(mine, 'unassigned', 7)).toBe(false);
    expect(passesView(makeTicket(4, { status: 'in_progress' }), 'open', 7)).toBe(true);
    expect(passesView(mine, 'open', 7)).toBe(false);
    expect(passesView(mine, 'pending', 7)).toBe(true);
    expect(passesView(closedMine, 'closed', 7)).toBe(true);
    expect(passesView(closedMine, 'all', 7)).toBe(true);
  });
});

describe('patchInboxPages', () => {
  it('changes a held ticket in place and keeps its activity times', () => {
    const data = pages([inboxTicket(1), inboxTicket(2)], [inboxTicket(3)]);
    const next = patchInboxPages(data, makeTicket(3, { assignee: ME }), true);
    expect(next?.pages[1]?.tickets[0]).toMatchObject({
      id: 3,
      assignee: ME,
      last_customer_at: '2026-11-27T10:00:00.000Z',
      waiting_since: '2026-11-27T09:50:00.000Z',
    });
    expect(next?.pages[0]).toBe(data.pages[0]);
  });

  it('stops the waiting when the ticket is closed, and drops it from a view it leaves', () => {
    const data = pages([inboxTicket(1), inboxTicket(2)]);
    expect(
      patchInboxPages(data, makeTicket(2, { status: 'close' }), true)?.pages[0]?.tickets[1]?.waiting_since,
    ).toBeNull();
    expect(
      patchInboxPages(data, makeTicket(2, { status: 'close' }), false)?.pages[0]?.tickets.map((t) => t.id),
    ).toEqual([1]);
  });

  it('leaves the pages as they are for a ticket they do not hold', () => {
    const data = pages([inboxTicket(1)]);
    expect(patchInboxPages(data, makeTicket(9), true)).toBe(data);
  });
});

describe('inboxTickets', () => {
  it('joins the pages, each ticket once', () => {
    expect(
      inboxTickets(pages([inboxTicket(1), inboxTicket(2)], [inboxTicket(2), inboxTicket(3)])).map(
        (t) => t.id,
      ),
    ).toEqual([1, 2, 3]);
  });
});

describe('waitingLabel', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');
  it('says how long the customer has waited', () => {
    expect(waitingLabel('2026-11-27T09:48:00.000Z', now)).toBe('waiting 12 min');
    expect(waitingLabel('2026-11-27T07:30:00.000Z', now)).toBe('waiting 2 h 30 min');
    expect(waitingLabel('2026-11-27T09:59:30.000Z', now)).toBe('waiting < 1 min');
    expect(waitingLabel(null, now)).toBeNull();
  });
});

describe('withFirstPage', () => {
  const ids = (data: InfiniteData<InboxResponse>) => data.pages.map((page) => page.tickets.map((t) => t.id));
  const t = (id: number) => inboxTicket(id);

  it('takes the new first page as the whole list when only one page is loaded', () => {
    const fresh = { tickets: [t(9), t(1)], next_cursor: 'n' };
    expect(withFirstPage(pages([t(1), t(2)]), fresh)).toEqual({ pages: [fresh], pageParams: [''] });
    expect(withFirstPage(undefined, fresh)).toEqual({ pages: [fresh], pageParams: [''] });
  });

  it('puts the new first page on top, keeps the later pages and their cursors, and drops duplicates', () => {
    const before = pages([t(1), t(2), t(3)], [t(4), t(5), t(6)], [t(7)]);
    // Tickets 5 and 9 had messages: they lead now, and 3 was pushed past the first page's end.
    const after = withFirstPage(before, { tickets: [t(5), t(9), t(1)], next_cursor: 'new' });
    expect(ids(after)).toEqual([[5, 9, 1, 2, 3], [4, 6], [7]]);
    expect(after.pages.map((page) => page.next_cursor)).toEqual(['c0', 'c1', null]);
    expect(after.pageParams).toEqual(before.pageParams);
    expect(inboxTickets(after).map((ticket) => ticket.id)).toEqual([5, 9, 1, 2, 3, 4, 6, 7]);
  });
});

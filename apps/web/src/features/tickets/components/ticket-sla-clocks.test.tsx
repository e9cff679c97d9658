import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { SlaClock } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/shared/format/format';
import { tokenStorage } from '@/shared/storage/storage';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, stubFetch } from '@/testing/render-routes';
import { TicketSlaClocks } from './ticket-sla-clocks';

const SERVER_NOW = '2031-06-02T10:00:00Z';
const at = (minutes: number) => new Date(Date.parse(SERVER_NOW) + minutes * 60_000).toISOString();

const clock = (extra: Partial<SlaClock>): SlaClock => ({
  ticket_id: 5,
  kind: 'first_response',
  cycle: 0,
  policy_name: 'VIP',
  started_at: at(-1500),
  due_at: null,
  warn_at: null,
  stopped_at: null,
  stopped_by: null,
  paused: false,
  met: null,
  business_seconds: 0,
  wall_seconds: 0,
  ...extra,
});

// A ticket's story, sent out of order: answered in time, then a reply missed overnight, then a next
// response still due, and its resolution paused while it waits on the customer.
const CLOCKS: SlaClock[] = [
  clock({ kind: 'resolution', started_at: at(-1500), paused: true, due_at: at(600) }),
  clock({ kind: 'next_response', cycle: 1, started_at: at(-35), due_at: at(25), warn_at: at(10) }),
  clock({
    kind: 'next_response',
    started_at: at(-1400),
    stopped_at: at(-320),
    stopped_by: { user_id: null, name: 'Dev' },
    met: false,
    business_seconds: 7200,
    wall_seconds: 18 * 3600,
  }),
  clock({
    started_at: at(-1500),
    stopped_at: at(-1488),
    stopped_by: { user_id: 3, name: 'Ravi' },
    met: true,
    business_seconds: 720,
    wall_seconds: 720,
  }),
];

function setUp(clocks: SlaClock[]) {
  const fetchMock = stubFetch((path) =>
    path === '/org/getSlaClocks/'
      ? jsonResponse(200, { now: SERVER_NOW, clocks })
      : jsonResponse(404, { message: `unexpected ${path}` }),
  );
  render(
    <div data-testid="facts">
      <TicketSlaClocks ticketId={5} />
    </div>,
    { wrapper: AppProviders },
  );
  return fetchMock;
}

describe('TicketSlaClocks', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it('lists every clock of the ticket with its policy: met or missed and the time taken, or the time left', async () => {
    setUp(CLOCKS);
    const heading = await screen.findByRole('heading', { name: 'SLA · VIP' });
    const section = heading.parentElement as HTMLElement;
    const rows = within(section)
      .getAllByRole('listitem')
      .map((item) => [
        item.querySelector('[data-sla-state]')?.getAttribute('data-sla-state'),
        item.textContent,
      ]);
    expect(rows).toEqual([
      // Credited to whoever answered.
      ['met', 'First response met in 12 minanswered by Ravi'],
      ['paused', 'Resolution paused'],
      ['missed', 'Next response missed, took 2 hanswered by Dev · 18 h elapsed'],
      ['ok', `Next response 2 due in 25 mindue ${formatDateTime(at(25))}`],
    ]);
  });

  it('shows nothing for a ticket no policy applies to', async () => {
    const fetchMock = setUp([]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('facts').textContent).toBe('');
  });
});

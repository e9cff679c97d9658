import { act, render, screen, waitFor } from '@testing-library/react';
import type { SlaClock } from '@wadesk/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { TicketSlaBadge } from '@/shared/ui/sla-clock-badge';
import { FakeEventSource, stubEventSource } from '@/testing/fake-event-source';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, sentBody, stubFetch } from '@/testing/render-routes';
import { SLA_TICK_MS, useSlaClocks } from './use-sla-clocks';

// Demo mode's simulated clock, years ahead of this machine's: "due in" must count from it.
const SERVER_NOW = '2031-06-02T10:00:00Z';
const at = (minutes: number) => new Date(Date.parse(SERVER_NOW) + minutes * 60_000).toISOString();

const running = (ticketId: number, extra: Partial<SlaClock> = {}): SlaClock => ({
  ticket_id: ticketId,
  kind: 'first_response',
  cycle: 0,
  policy_name: 'Standard',
  started_at: at(-35),
  due_at: at(25),
  warn_at: at(10),
  stopped_at: null,
  stopped_by: null,
  paused: false,
  met: null,
  business_seconds: 0,
  wall_seconds: 0,
  ...extra,
});

function Badges({ ids }: { ids: number[] }) {
  const sla = useSlaClocks(ids);
  return (
    <ul>
      {ids.map((id) => (
        <li key={id} data-testid={`ticket-${id}`}>
          <TicketSlaBadge clocks={sla.of(id)} now={sla.now} />
        </li>
      ))}
    </ul>
  );
}

/** The server's clocks (changed by a test before it emits `sla.changed`) and the ticket ids each request asked for. */
function server(clocks: () => SlaClock[]) {
  const asked: number[][] = [];
  stubFetch((path, init) => {
    if (path === '/events/stream-token/') return jsonResponse(200, { stream_token: 'tk', expires_in: 30 });
    if (path !== '/org/getSlaClocks/') return jsonResponse(404, {});
    const ids = (sentBody(init) as { ticket_ids: number[] }).ticket_ids;
    asked.push(ids);
    return jsonResponse(200, {
      now: SERVER_NOW,
      clocks: clocks().filter((clock) => ids.includes(clock.ticket_id)),
    });
  });
  return asked;
}

const badge = (id: number) => screen.getByTestId(`ticket-${id}`).querySelector('[data-sla-state]');

describe('useSlaClocks', () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it("counts the time left from the server's clock, and moves on with time without asking again", async () => {
    // Only the browser's clock and the re-render interval are faked: the answer still arrives on its own.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const asked = server(() => [running(1)]);
    render(<Badges ids={[1]} />, { wrapper: AppProviders });
    expect(await screen.findByText('First response due in 25 min')).toBeTruthy();
    expect(badge(1)?.getAttribute('data-sla-state')).toBe('ok');

    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getByText('First response due soon, in 15 min')).toBeTruthy();
    expect(badge(1)?.getAttribute('data-sla-state')).toBe('due_soon');

    act(() => vi.advanceTimersByTime(16 * 60_000));
    expect(screen.getByText('First response overdue by 1 min')).toBeTruthy();
    expect(badge(1)?.getAttribute('data-sla-state')).toBe('breached');

    // Within one tick the text stays: it is counted again every SLA_TICK_MS.
    act(() => vi.advanceTimersByTime(SLA_TICK_MS - 1));
    expect(screen.getByText('First response overdue by 1 min')).toBeTruthy();
    expect(asked).toEqual([[1]]);
  });

  it('asks once for every ticket shown, and again only for the shown tickets an sla.changed names', async () => {
    stubEventSource();
    let clocks = [running(1), running(2, { kind: 'resolution', due_at: at(90) }), running(3)];
    const asked = server(() => clocks);
    render(<Badges ids={[1, 2, 3]} />, { wrapper: AppProviders });
    expect(await screen.findByText('Resolution due in 1 h 30 min')).toBeTruthy();
    expect(asked).toEqual([[1, 2, 3]]);
    await waitFor(() => expect(FakeEventSource.current()).toBeDefined());

    // Ticket 2 was answered: its resolution clock paused (Pending). Ticket 9 is not shown.
    clocks = [running(1), running(2, { kind: 'resolution', paused: true }), running(3)];
    act(() => FakeEventSource.current()?.emit({ type: 'sla.changed', ticket_ids: [2, 9] }));
    expect(await screen.findByText('Resolution paused')).toBeTruthy();
    expect(asked).toEqual([[1, 2, 3], [2]]);

    // New policies: every shown ticket's clocks, in one request; one without clocks shows no badge.
    clocks = [running(1)];
    act(() => FakeEventSource.current()?.emit({ type: 'sla.changed', ticket_ids: null }));
    await waitFor(() => expect(badge(2)).toBeNull());
    expect(badge(3)).toBeNull();
    expect(badge(1)).not.toBeNull();
    expect(asked).toEqual([[1, 2, 3], [2], [1, 2, 3]]);
  });
});

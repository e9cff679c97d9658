import { render, screen } from '@testing-library/react';
import type { TicketSatisfaction } from '@wadesk/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStorage } from '@/shared/storage/storage';
import { AppProviders } from '@/testing/query-wrapper';
import { jsonResponse, stubFetch } from '@/testing/render-routes';
import { makeTicket } from '@/testing/ticket-fixtures';
import { TicketFacts } from './ticket-conversation';

const show = (satisfaction: TicketSatisfaction | null) => {
  stubFetch(() => jsonResponse(200, { now: new Date().toISOString(), clocks: [] }));
  render(
    <AppProviders>
      <TicketFacts
        ticket={makeTicket(5, { status: 'close', closed_at: '2024-03-05T10:00:00Z', satisfaction })}
        onOpenTicket={() => {}}
      />
    </AppProviders>,
  );
};

describe("the ticket's facts: its satisfaction", () => {
  beforeEach(() => tokenStorage.setTokens({ access_token: 'a', refresh_token: 'r' }));

  it("shows the customer's answer as the poll worded it", () => {
    show({ asked_at: '2024-03-05T10:00:00Z', score: 4 });
    expect(screen.getByTestId('conversation-satisfaction').textContent).toBe('Satisfaction: 🙂 Good (4/5)');
  });

  it('says when the poll was sent while no answer came', () => {
    show({ asked_at: new Date(Date.now() - 3 * 3_600_000).toISOString(), score: null });
    expect(screen.getByTestId('conversation-satisfaction').textContent).toBe(
      'Satisfaction asked 3 h ago, no answer yet',
    );
  });

  it('says nothing of satisfaction when no poll was sent', () => {
    show(null);
    expect(screen.queryByTestId('conversation-satisfaction')).toBeNull();
    expect(screen.queryByText(/Satisfaction/)).toBeNull();
  });
});

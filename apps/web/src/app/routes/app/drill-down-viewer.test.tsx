import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ChatViewer } from '@/features/chat-viewer/components/chat-viewer';
import { SEARCH_DEBOUNCE_MS } from '@/features/chat-viewer/search/use-chat-search';
import type { DrillDownState } from '@/shared/loaded-chat/drill-down/drill-down';
import type { ChatEngine } from '@/shared/loaded-chat/engine/chat-engine';
import { chatData, chatMessage, fakeEngine, loadedChat } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { AppProviders } from '@/testing/query-wrapper';

const kept = chatData([
  chatMessage({ author: 'Alice', content: 'morning all' }),
  chatMessage({ author: 'Bob', content: 'morning' }),
  chatMessage({ author: 'Alice', content: 'coffee?' }),
]);

function renderViewer(engine: ChatEngine, state: DrillDownState | null) {
  const router = createMemoryRouter(
    [
      {
        path: '/messages',
        element: (
          <ChatProvider engine={engine}>
            <ChatViewer />
          </ChatProvider>
        ),
      },
      { path: '/analysis', element: <p>analysis</p> },
    ],
    { initialEntries: [{ pathname: '/messages', search: '?chatId=4', state }] },
  );
  render(<RouterProvider router={router} />, { wrapper: AppProviders });
  return router;
}

const restore = () => vi.fn(async () => loadedChat(kept));

describe('the Messages screen with a drill-down', () => {
  it('selects the messages in the engine and shows a removable chip with their number', async () => {
    const select = vi.fn(async () => [0, 2]);
    const router = renderViewer(fakeEngine({ restore: restore(), select }), {
      drillDown: { filter: { author: 'Alice' }, range: { from: '2022-03-01' } },
    });
    const chip = await screen.findByTestId('filter-chip-label');
    await waitFor(() => expect(chip.textContent).toBe('Alice · from 1 Mar 2022 · 2 messages'));
    expect(select).toHaveBeenCalledWith({ author: 'Alice' }, { from: '2022-03-01' });

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Remove filter and show all messages' }));
    expect(screen.queryByTestId('filter-chip')).toBeNull();
    expect(router.state.location).toMatchObject({ pathname: '/messages', search: '?chatId=4', state: null });
  });

  it('searches only within the filtered messages, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const search = vi.fn(async () => [{ index: 2, start: 0, end: 3, text: 'Bob was here' }]);
    renderViewer(fakeEngine({ restore: restore(), select: vi.fn(async () => [0, 2]), search }), {
      drillDown: { filter: { author: 'Alice' }, range: {} },
    });
    await waitFor(() => expect(screen.getByTestId('filter-chip-label').textContent).toContain('2 messages'));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Search messages' }));
    expect(screen.getByText(/Searching only the filtered messages/)).toBeTruthy();
    await user.type(screen.getByPlaceholderText('Search...'), 'cof');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await waitFor(() => expect(search).toHaveBeenCalledWith('cof', 200, [0, 2]));
  });

  it('without a drill-down shows no chip and searches the whole chat', async () => {
    const select = vi.fn(async () => []);
    renderViewer(fakeEngine({ restore: restore(), select }), null);
    await screen.findByTestId('message-count');
    expect(screen.queryByTestId('filter-chip')).toBeNull();
    expect(select).not.toHaveBeenCalled();
  });

  it('links to the analysis with ?chatId= and the drill-down range', async () => {
    const router = renderViewer(fakeEngine({ restore: restore(), select: vi.fn(async () => [1]) }), {
      drillDown: { filter: { author: 'Bob' }, range: { to: '2022-03-01' } },
    });
    const link = await screen.findByRole('link', { name: 'Analyse' });
    expect(link.getAttribute('href')).toBe('/analysis?chatId=4');
    await userEvent.setup().click(link);
    expect(router.state.location).toMatchObject({
      pathname: '/analysis',
      state: { range: { to: '2022-03-01' } },
    });
  });
});

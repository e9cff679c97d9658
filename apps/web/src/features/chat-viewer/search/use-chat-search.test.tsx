import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEngine } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider } from '@/shared/loaded-chat/state/chat-provider';
import { type ChatSearch, SEARCH_DEBOUNCE_MS, useChatSearch } from './use-chat-search';

let current: ChatSearch;
function Probe({ revision }: { revision: number }) {
  current = useChatSearch(revision);
  return null;
}

describe('useChatSearch', () => {
  it('asks the engine 500 ms after the last keystroke, with the trimmed query', async () => {
    vi.useFakeTimers();
    const search = vi.fn(async () => [{ index: 4, start: 0, end: 3, text: 'hello there' }]);
    render(
      <ChatProvider engine={fakeEngine({ search })}>
        <Probe revision={1} />
      </ChatProvider>,
    );
    act(() => current.setQuery('tr'));
    act(() => current.setQuery(' train '));
    expect(current.pending).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('train', 200);
    expect(current).toMatchObject({
      pending: false,
      hits: [{ index: 4, start: 0, end: 3, text: 'hello there' }],
    });
  });

  it('gives nothing, at once, for a query under 2 characters', async () => {
    const search = vi.fn(async () => []);
    render(
      <ChatProvider engine={fakeEngine({ search })}>
        <Probe revision={1} />
      </ChatProvider>,
    );
    act(() => current.setQuery(' a '));
    expect(current).toMatchObject({ pending: false, hits: [] });
    expect(search).not.toHaveBeenCalled();
  });
});

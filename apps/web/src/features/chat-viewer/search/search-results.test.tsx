import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chatMessage } from '@/shared/loaded-chat/engine/testing-deps';
import { SearchResults } from './search-results';

const messages = [
  chatMessage({ author: 'Alice', content: 'nothing here' }),
  chatMessage({
    author: 'Bob',
    datetime: '02/03/2022, 09:15',
    date: '2022-03-02T09:15:00',
    content: 'Meet at the Station at nine',
  }),
];

const renderResults = (props: Partial<Parameters<typeof SearchResults>[0]> = {}) =>
  render(
    <SearchResults
      messages={messages}
      hits={[]}
      pending={false}
      emptyWithoutQuery={false}
      query=""
      onPick={() => {}}
      className=""
      {...props}
    />,
  );

describe('SearchResults', () => {
  it('shows the date, the text with the match marked, and the author; a click picks the message', async () => {
    const onPick = vi.fn();
    renderResults({
      hits: [{ index: 1, start: 12, end: 19, text: 'Meet at the Station at nine' }],
      query: 'stat',
      onPick,
    });
    const row = screen.getByRole('button');
    expect(row.textContent).toContain('2 Mar 2022, 09:15');
    expect(row.textContent).toContain('Meet at the Station at nine');
    expect(row.querySelector('mark')?.textContent).toBe('Station');
    expect(row.textContent).toContain('author: Bob');
    expect(screen.getByText('1 message found')).toBeTruthy();
    await userEvent.setup().click(row);
    expect(onPick).toHaveBeenCalledWith(1);
  });

  it('says "No messages found!" only once there is a query in the dropdown, always in the panel', () => {
    const { unmount } = renderResults();
    expect(screen.queryByText('No messages found!')).toBeNull();
    unmount();
    const typed = renderResults({ query: 'zz' });
    expect(screen.getByText('No messages found!')).toBeTruthy();
    typed.unmount();
    renderResults({ emptyWithoutQuery: true });
    expect(screen.getByText('No messages found!')).toBeTruthy();
  });

  it('asks for a second character instead of saying nothing was found', () => {
    const one = renderResults({ query: 'a', pending: true });
    expect(screen.getByText('Type at least 2 characters')).toBeTruthy();
    expect(screen.queryByText('No messages found!')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Searching' })).toBeNull();
    one.unmount();
    renderResults({ query: ' b ', emptyWithoutQuery: true });
    expect(screen.getByText('Type at least 2 characters')).toBeTruthy();
    expect(screen.queryByText('No messages found!')).toBeNull();
  });

  it('shows a spinner while a query is being answered', () => {
    renderResults({ query: 'sta', pending: true });
    expect(screen.getByRole('status', { name: 'Searching' })).toBeTruthy();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { chatMessage } from '@/shared/loaded-chat/engine/testing-deps';
import { SearchDropdown } from './search-panel';

const messages = [chatMessage({ author: 'Bob', content: 'Meet at the Station at nine' })];
const search = {
  query: 'stat',
  setQuery: () => {},
  hits: [{ index: 0, start: 12, end: 19, text: 'Meet at the Station at nine' }],
  pending: false,
};

/** The toolbar's shape: the toggle and the dropdown share one anchor. */
function Toolbar() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Search
      </button>
      {open ? (
        <SearchDropdown
          search={search}
          messages={messages}
          onPick={() => setOpen(false)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

describe('SearchDropdown', () => {
  it('gives the focus back to its toggle when Escape closes it or a result is picked', async () => {
    const user = userEvent.setup();
    render(<Toolbar />);
    const toggle = screen.getByRole('button', { name: 'Search' });

    await user.click(toggle);
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);

    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement?.textContent).toContain('Station');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});

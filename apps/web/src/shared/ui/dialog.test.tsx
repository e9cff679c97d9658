import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, Drawer } from './dialog';

function WithDialog({ kind }: { kind: 'dialog' | 'drawer' }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const body = (
    <>
      <input aria-label="Name" />
      <button type="button">Save</button>
    </>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {kind === 'dialog' ? (
        <Dialog open={open} onClose={close} title="Rename Chat">
          {body}
        </Dialog>
      ) : (
        <Drawer open={open} onClose={close} title="Menu" header={<span>wadesk</span>}>
          {body}
        </Drawer>
      )}
    </>
  );
}

describe.each(['dialog', 'drawer'] as const)('the shared %s', (kind) => {
  const title = kind === 'dialog' ? 'Rename Chat' : 'Menu';

  it('is a modal dialog named by its title', async () => {
    render(<WithDialog kind={kind} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: title });
    const labelledBy = dialog.getAttribute('aria-labelledby');
    expect(labelledBy && document.getElementById(labelledBy)?.textContent).toBe(title);
    // The page behind is hidden from assistive technology while it is open.
    expect(screen.queryByRole('button', { name: 'Behind' })).toBeNull();
  });

  it('keeps focus inside while Tab cycles', async () => {
    render(<WithDialog kind={kind} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await userEvent.tab({ shift: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    render(<WithDialog kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes by its Close button and gives focus back to the opener', async () => {
    render(<WithDialog kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

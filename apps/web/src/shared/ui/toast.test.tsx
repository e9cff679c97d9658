import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { ToastHost, toast } from './toast';

function phone(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches, addEventListener: () => {}, removeEventListener: () => {} })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const container = () => document.querySelector('.Toastify__toast-container');

describe('ToastHost', () => {
  it('on a phone moves the toasts to the bottom while a modal is open, off its close button', async () => {
    phone(true);
    const view = render(
      <>
        <ToastHost />
        <Dialog open={false} onClose={() => {}} title="Save Your Chat">
          body
        </Dialog>
      </>,
    );
    act(() => {
      toast.info('before');
    });
    await screen.findByText('before');
    expect(container()?.className).toContain('--top-right');

    view.rerender(
      <>
        <ToastHost />
        <Dialog open onClose={() => {}} title="Save Your Chat">
          body
        </Dialog>
      </>,
    );
    await screen.findByRole('dialog', { name: 'Save Your Chat' });
    await vi.waitFor(() => expect(container()?.className).toContain('bottom-0!'));
    act(() => {
      toast.info('during');
    });
    await screen.findByText('during');
    expect(document.querySelector('.Toastify__toast-container--bottom-center')).not.toBeNull();
  });

  it('stays bottom right on a desktop, modal or not', async () => {
    phone(false);
    render(
      <>
        <ToastHost />
        <Dialog open onClose={() => {}} title="Delete Chat">
          body
        </Dialog>
      </>,
    );
    act(() => {
      toast.success('saved');
    });
    await screen.findByText('saved');
    expect(container()?.className).toContain('--bottom-right');
    expect(container()?.className).not.toContain('bottom-0!');
  });
});

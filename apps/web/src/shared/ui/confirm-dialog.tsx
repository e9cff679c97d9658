import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  /** `danger` (red) for what removes or cannot be undone; `primary` for a weighty but ordinary change. */
  tone?: 'danger' | 'primary';
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Are you sure?" before a change that is hard to take back; Cancel has the focus. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  tone = 'danger',
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} size="max-w-md">
      <div className="space-y-5">
        <div className="space-y-3 text-sm leading-6 text-slate-700">{children}</div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant={tone} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

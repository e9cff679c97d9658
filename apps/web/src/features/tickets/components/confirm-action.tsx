import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';

interface ConfirmActionProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Are you sure?" before merging or splitting tickets; Cancel has the focus. */
export function ConfirmAction({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
}: ConfirmActionProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} size="max-w-md">
      <div className="space-y-5">
        <div className="space-y-3 text-sm leading-6 text-slate-700">{children}</div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';

interface TerminateSessionDialogProps {
  /** The session's name while the question is asked; null when closed. */
  sessionName: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Terminate unlinks the phone at once and cannot be undone from here: ask first, and say
 * what it costs. Cancel, Escape and the backdrop change nothing; Cancel has the focus.
 */
export function TerminateSessionDialog({
  sessionName,
  busy,
  onCancel,
  onConfirm,
}: TerminateSessionDialogProps) {
  return (
    <Dialog
      open={sessionName !== null}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title="Terminate this session?"
      size="max-w-md"
    >
      {sessionName !== null ? (
        <div className="space-y-5">
          <div className="space-y-3 text-sm leading-6 text-slate-700">
            <p>
              The phone linked as{' '}
              <strong className="font-semibold break-all text-slate-900">{sessionName}</strong> will be
              unlinked: its groups stop syncing and its messages no longer open tickets.
            </p>
            <p>To link it again you must scan the QR code again (or enter a pairing code) on that phone.</p>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onCancel} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={onConfirm}>
              Terminate Session
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

import { Button } from './button';
import { Dialog } from './dialog';

export const DISCARD_REPLY_TITLE = 'Discard your unsent reply?';

interface DiscardReplyDialogProps {
  open: boolean;
  /** Stay where the reply is (the focus goes back to it). */
  onStay: () => void;
  /** Leave; the reply stays as this ticket's draft in this browser. */
  onKeep: () => void;
  /** Leave and forget the reply. */
  onDiscard: () => void;
}

/**
 * Asked before leaving a reply that was typed but not sent (closing the conversation, another screen): the
 * reply is kept as a draft unless the member discards it. "Keep writing" has the focus, so Enter or Escape
 * never throws a reply away.
 */
export function DiscardReplyDialog({ open, onStay, onKeep, onDiscard }: DiscardReplyDialogProps) {
  return (
    <Dialog open={open} onClose={onStay} title={DISCARD_REPLY_TITLE} size="max-w-md">
      <div className="space-y-5">
        <p className="text-sm leading-6 text-slate-700">
          Your reply has not been sent. Keep it as a draft to finish later (only in this browser), or discard
          it.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onStay} data-autofocus>
            Keep writing
          </Button>
          <Button variant="secondary" onClick={onKeep}>
            Keep as draft
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            Discard
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import type { ChatSource } from '@/shared/loaded-chat/engine/engine-protocol';
import { useChatState } from '@/shared/loaded-chat/state/chat-provider';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';

export type ClearedCopy = 'only-copy' | 'unsaved' | 'saved';

/** What Clear Chat throws away: a visitor's only copy, a signed-in upload not yet saved, or nothing kept. */
export function clearedCopy(source: ChatSource | null): ClearedCopy {
  if (!source || source.kind === 'local') return 'only-copy';
  return source.chat_id === null ? 'unsaved' : 'saved';
}

const WORDS: Record<ClearedCopy, { body: string; confirm: string }> = {
  'only-copy': {
    body: 'This chat is kept only in this browser. Clearing it removes it for good: to read it again you will have to import the export file again.',
    confirm: 'Clear Chat',
  },
  unsaved: {
    body: 'This chat is not saved to your account. Clearing it closes it and it is gone; save it first if you want to keep it.',
    confirm: 'Clear Chat',
  },
  saved: {
    body: 'Clear Chat only closes this chat in this browser. The saved copy stays in your account under Previous Chats; Delete is what removes it from the server.',
    confirm: 'Close chat, keep saved copy',
  },
};

interface ClearChatDialogProps {
  open: boolean;
  onClose(): void;
  /** Clears the chat (and leaves the page); the dialog stays open, busy, until it is done. */
  onConfirm(): Promise<void>;
}

/** Asks before Clear Chat, saying what it removes (a visitor's chat has no other copy). */
export function ClearChatDialog({ open, onClose, onConfirm }: ClearChatDialogProps) {
  const { source } = useChatState();
  const [busy, setBusy] = useState(false);
  const words = WORDS[clearedCopy(source)];
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title="Clear Chat?" size="max-w-md">
      <p className="text-sm leading-6 text-slate-600">{words.body}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button
          variant={clearedCopy(source) === 'saved' ? 'primary' : 'danger'}
          busy={busy}
          onClick={() => void confirm()}
        >
          {words.confirm}
        </Button>
      </div>
    </Dialog>
  );
}

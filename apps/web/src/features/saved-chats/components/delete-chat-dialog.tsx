import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useChat } from '../../../shared/loaded-chat/state/chat-provider';
import { tokenStorage } from '../../../shared/storage/storage';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/toast';
import { deleteSavedChat } from '../api/saved-chats-api';
import { useSavedChats } from '../state/saved-chats-context';
import { SAVED_CHAT_MESSAGES } from './saved-chat-messages';

/** Asks before deleting a saved chat; the chat open on the page is cleared with it. */
export function DeleteChatDialog() {
  const { editing, stopEditing, deleted } = useSavedChats();
  const chat = useChat();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const target = editing?.mode === 'delete' ? editing.chat : null;
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!target || busy) return;
    setBusy(true);
    try {
      await deleteSavedChat(target.chat_id);
      deleted(target.chat_id);
      stopEditing();
      toast.success(SAVED_CHAT_MESSAGES.deleted);
      if (chat.source?.kind === 'server' && chat.source.chat_id === target.chat_id) {
        // Away first, so the page never tries to open the chat that is gone; then forget it.
        if (pathname === '/messages')
          navigate(tokenStorage.getAccessToken() ? '/dashboard' : '/', { replace: true });
        await chat.clearChat();
      }
    } catch (error) {
      toast.error(errorMessage(error, SAVED_CHAT_MESSAGES.deleteFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={target !== null} onClose={stopEditing} title="Delete Chat" size="max-w-md">
      <p className="text-sm leading-6 text-slate-600">
        Delete <strong className="font-semibold break-words text-slate-900">{target?.chat_name}</strong>? Its
        messages and the files only it uses are removed for good.
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={stopEditing} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" busy={busy} onClick={() => void confirm()}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}

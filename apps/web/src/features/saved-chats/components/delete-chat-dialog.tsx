import { useLocation, useNavigate } from 'react-router';
import { useDeleteSavedChat } from '@/features/saved-chats/api/saved-chats-queries';
import { useSavedChats } from '@/features/saved-chats/state/saved-chats-context';
import { useAuth } from '@/shared/account/auth-context';
import { errorMessage } from '@/shared/api/api-error';
import { useChat } from '@/shared/loaded-chat/state/chat-provider';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { toast } from '@/shared/ui/toast';
import { SAVED_CHAT_MESSAGES } from './saved-chat-messages';

/** Asks before deleting a saved chat; the chat open on the page is cleared with it. */
export function DeleteChatDialog() {
  const { editing, stopEditing } = useSavedChats();
  const chat = useChat();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const target = editing?.mode === 'delete' ? editing.chat : null;
  const deletion = useDeleteSavedChat();
  const busy = deletion.isPending;
  const { isSignedIn } = useAuth();

  const confirm = async () => {
    if (!target || busy) return;
    try {
      await deletion.mutateAsync(target.chat_id);
      stopEditing();
      toast.success(SAVED_CHAT_MESSAGES.deleted);
      if (chat.source?.kind === 'server' && chat.source.chat_id === target.chat_id) {
        // Away first, so the page never tries to open the chat that is gone; then forget it.
        if (pathname === '/messages') navigate(isSignedIn ? '/dashboard' : '/', { replace: true });
        await chat.clearChat();
      }
    } catch (error) {
      toast.error(errorMessage(error, SAVED_CHAT_MESSAGES.deleteFailed));
    }
  };

  return (
    <Dialog open={target !== null} onClose={stopEditing} title="Delete Chat" size="max-w-md">
      <p className="text-sm leading-6 text-slate-600">
        Delete <strong className="font-semibold break-words text-slate-900">{target?.chat_name}</strong> from
        your account? The saved chat is removed from the server for good, with its messages and the files only
        it uses.
      </p>
      <p className="mt-2 text-sm leading-6 text-slate-500">
        To only close it in this browser and keep it saved, use Clear Chat instead.
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={stopEditing} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" busy={busy} onClick={() => void confirm()}>
          Delete from account
        </Button>
      </div>
    </Dialog>
  );
}

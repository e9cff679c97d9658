import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSaveChat } from '@/features/saved-chats/api/saved-chats-queries';
import { useSavedChats } from '@/features/saved-chats/state/saved-chats-context';
import { checkChatName } from '@/features/saved-chats/utils/chat-name';
import { savePayload } from '@/features/saved-chats/utils/save-payload';
import { refusalMessage } from '@/shared/api/api-error';
import { chatCountLabel } from '@/shared/loaded-chat/chat-count-label';
import { useChat } from '@/shared/loaded-chat/state/chat-provider';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { TextField } from '@/shared/ui/text-field';
import { toast } from '@/shared/ui/toast';
import { SAVED_CHAT_MESSAGES } from './saved-chat-messages';

/** Save Your Chat: a name for the loaded chat, kept in the user's account. */
export function SaveChatDialog() {
  const { saveDialog, closeSaveDialog } = useSavedChats();
  const { mutateAsync: save } = useSaveChat();
  const chat = useChat();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    if (!saveDialog.open) return;
    setName('');
    setProblem(undefined);
  }, [saveDialog.open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Never a part of the chat: a large one is still arriving for a moment after it shows.
    if (saving || chat.partial || chat.data.length === 0) return;
    const checked = checkChatName(name);
    if (!checked.ok) {
      setProblem(checked.message);
      toast.error(checked.message);
      return;
    }
    setSaving(true);
    try {
      const saved = await save(savePayload(chat, checked.name));
      closeSaveDialog();
      // The open chat is now that saved chat: the URL says so and Save Chat goes away.
      await chat
        .loadChat({
          data: chat.data,
          total_msgs: chat.total_msgs,
          unique_authors: chat.unique_authors,
          sender: chat.sender,
          source: { kind: 'server', chat_id: saved.chat_id },
        })
        .catch((error: unknown) => console.error('The saved chat could not be kept', error));
      navigate(`/messages?chatId=${saved.chat_id}`, { replace: true });
      toast.success(SAVED_CHAT_MESSAGES.saved);
    } catch (error) {
      console.error('Saving the chat failed', error);
      // The server's words when it refused (a limit, a chat too large); the catalogue's text otherwise.
      toast.error(refusalMessage(error, SAVED_CHAT_MESSAGES.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={saveDialog.open} onClose={closeSaveDialog} title="Save Your Chat" size="max-w-md">
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="text-sm text-slate-600">
          Keep this chat of {chatCountLabel(chat.counts, chat.total_msgs)} in your account and open it again
          from Previous Chats.
        </p>
        <TextField
          label="Chat name"
          placeholder="Write a name for your chat."
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
          maxLength={200}
          autoComplete="off"
          error={problem}
          data-autofocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={closeSaveDialog} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" busy={saving}>
            Save Chat
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

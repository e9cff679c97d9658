import { type FormEvent, useEffect, useState } from 'react';
import { useRenameSavedChat } from '@/features/saved-chats/api/saved-chats-queries';
import { useSavedChats } from '@/features/saved-chats/state/saved-chats-context';
import { checkChatName } from '@/features/saved-chats/utils/chat-name';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { TextField } from '@/shared/ui/text-field';
import { toast } from '@/shared/ui/toast';
import { SAVED_CHAT_MESSAGES } from './saved-chat-messages';

/** Renames a saved chat; the same name rules as saving. */
export function RenameChatDialog() {
  const { editing, stopEditing } = useSavedChats();
  const target = editing?.mode === 'rename' ? editing.chat : null;
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const renaming = useRenameSavedChat();
  const busy = renaming.isPending;

  useEffect(() => {
    setName(target?.chat_name ?? '');
    setProblem(undefined);
  }, [target]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target || busy) return;
    const checked = checkChatName(name);
    if (!checked.ok) {
      setProblem(checked.message);
      toast.error(checked.message);
      return;
    }
    if (checked.name === target.chat_name) return stopEditing();
    try {
      await renaming.mutateAsync({ chatId: target.chat_id, chatName: checked.name });
      stopEditing();
      toast.success(SAVED_CHAT_MESSAGES.renamed);
    } catch (error) {
      toast.error(errorMessage(error, SAVED_CHAT_MESSAGES.renameFailed));
    }
  };

  return (
    <Dialog open={target !== null} onClose={stopEditing} title="Rename Chat" size="max-w-md">
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label="Chat name"
          placeholder="Write a name for your chat."
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
          error={problem}
          maxLength={200}
          autoComplete="off"
          data-autofocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={stopEditing} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Rename
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

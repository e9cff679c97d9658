import { BookmarkIcon } from 'lucide-react';
import { useOptionalSavedChats } from '@/features/saved-chats/state/saved-chats-context';
import { Button } from '@/shared/ui/button';

/** Opens Save Your Chat with no chat id; the Messages screen decides when it shows. */
export function SaveChatButton() {
  const saved = useOptionalSavedChats();
  if (!saved) return null;
  return (
    <Button
      size="md"
      icon={<BookmarkIcon className="size-4" />}
      onClick={saved.openSaveDialog}
      aria-label="Save Chat"
      aria-haspopup="dialog"
      title="Save this chat to your account"
    >
      {/* Labelled at every width: a bare bookmark says nothing on a phone. */}
      <span className="sm:hidden">Save</span>
      <span className="hidden sm:inline">Save Chat</span>
    </Button>
  );
}

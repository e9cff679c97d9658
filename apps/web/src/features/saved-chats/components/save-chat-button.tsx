import { BookmarkIcon } from 'lucide-react';
import { Button } from '../../../shared/ui/button';
import { useOptionalSavedChats } from '../state/saved-chats-context';

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
    >
      <span className="hidden sm:inline">Save Chat</span>
    </Button>
  );
}

import { BookmarkIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useOptionalSavedChats } from '@/features/saved-chats/state/saved-chats-context';
import { Button } from '@/shared/ui/button';

/** The name of the saved chat on the page, with Rename and Delete. */
export function SavedChatHeading({ chatId }: { chatId: number }) {
  const saved = useOptionalSavedChats();
  const chat = saved?.chats.find((item) => item.chat_id === chatId);
  if (!saved || !chat) return null;
  return (
    <div className="mb-3 flex items-center gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <BookmarkIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Saved chat</p>
        <h2 className="truncate text-base font-semibold text-slate-900 sm:text-lg" title={chat.chat_name}>
          {chat.chat_name}
        </h2>
      </div>
      <Button
        variant="ghost"
        size="md"
        icon={<PencilIcon className="size-4" />}
        aria-label="Rename chat"
        onClick={() => saved.startEditing('rename', chat)}
      >
        <span className="hidden sm:inline">Rename</span>
      </Button>
      <Button
        variant="ghost"
        size="md"
        icon={<Trash2Icon className="size-4" />}
        aria-label="Delete chat"
        title="Delete the saved chat from your account"
        onClick={() => saved.startEditing('delete', chat)}
        className="text-red-700 hover:bg-red-50"
      >
        <span className="hidden sm:inline">Delete</span>
      </Button>
    </div>
  );
}

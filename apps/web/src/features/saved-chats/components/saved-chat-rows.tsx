import type { SavedChatRef } from '@wadesk/contract';
import { FileUpIcon, MessageCircleIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useSavedChats } from '@/features/saved-chats/state/saved-chats-context';
import { cutChatName } from '@/features/saved-chats/utils/chat-name';
import { Spinner } from '@/shared/ui/spinner';

interface SavedChatRowsProps {
  /** Called before leaving the list (a chat chosen, a dialog opened): the drawer closes. */
  onLeave?: () => void;
  /** Rename and Delete always visible (touch), or only on hover and focus (desktop). */
  actions: 'always' | 'hover';
}

const iconButton =
  'size-8 shrink-0 items-center justify-center rounded-md text-slate-400 transition hover:bg-white hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The saved chats, newest first: each opens /messages?chatId={id}; rename and delete beside it. */
export function SavedChatRows({ onLeave, actions }: SavedChatRowsProps) {
  const { chats, status, refresh, startEditing } = useSavedChats();
  const { pathname, search } = useLocation();
  const openId = pathname === '/messages' ? new URLSearchParams(search).get('chatId') : null;

  if (status === 'loading' && chats.length === 0) {
    return (
      <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-500">
        <Spinner className="size-4 text-brand-600" />
        Loading saved chats…
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p className="px-3 py-2 text-sm text-slate-500">
        Your saved chats could not be loaded.{' '}
        <button type="button" onClick={refresh} className="font-semibold text-brand-700 hover:underline">
          Try again
        </button>
      </p>
    );
  }
  if (chats.length === 0) {
    return (
      <div className="px-3 py-2 text-sm text-slate-500">
        <p>No saved chats yet.</p>
        <Link
          to="/upload-chat"
          onClick={onLeave}
          className="mt-1.5 inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <FileUpIcon className="size-4" aria-hidden="true" />
          Import a chat
        </Link>
      </div>
    );
  }

  const edit = (mode: 'rename' | 'delete', chat: SavedChatRef) => {
    onLeave?.();
    startEditing(mode, chat);
  };
  // On desktop the buttons take no room until the row is hovered or focused: the name gets the width.
  const reveal = actions === 'hover' ? 'hidden group-hover:flex group-focus-within:flex' : 'flex';

  return (
    <ul aria-label="Saved chats" className="space-y-0.5">
      {chats.map((chat) => {
        const open = openId === String(chat.chat_id);
        return (
          <li
            key={chat.chat_id}
            className={`group flex items-center gap-0.5 rounded-lg pr-1 transition-colors ${
              open ? 'bg-brand-50' : 'hover:bg-slate-100'
            }`}
          >
            <Link
              to={`/messages?chatId=${chat.chat_id}`}
              title={chat.chat_name}
              aria-current={open ? 'page' : undefined}
              onClick={onLeave}
              className={`flex min-w-0 flex-1 items-center gap-2.5 rounded-lg py-2 pl-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${
                open ? 'font-semibold text-brand-800' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              <MessageCircleIcon
                className={`size-4 shrink-0 ${open ? 'text-brand-700' : 'text-slate-400'}`}
              />
              <span className="truncate">{cutChatName(chat.chat_name)}</span>
            </Link>
            <button
              type="button"
              aria-label={`Rename ${chat.chat_name}`}
              title="Rename"
              onClick={() => edit('rename', chat)}
              className={`${iconButton} ${reveal}`}
            >
              <PencilIcon className="size-3.5" />
            </button>
            <button
              type="button"
              aria-label={`Delete ${chat.chat_name}`}
              title="Delete from account"
              onClick={() => edit('delete', chat)}
              className={`${iconButton} hover:text-red-600 ${reveal}`}
            >
              <Trash2Icon className="size-3.5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

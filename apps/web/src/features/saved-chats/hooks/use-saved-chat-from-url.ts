import { useEffect, useRef, useState } from 'react';
import { getSavedChat } from '@/features/saved-chats/api/saved-chats-api';
import { SAVED_CHAT_MESSAGES } from '@/features/saved-chats/components/saved-chat-messages';
import { isApiError } from '@/shared/api/api-error';
import { fromServerChat } from '@/shared/loaded-chat/server-chat';
import { useChat } from '@/shared/loaded-chat/state/chat-provider';
import { toast } from '@/shared/ui/toast';

/** none: no ?chatId=; loading: being fetched (or the kept chat still being read); failed: not opened. */
export type SavedChatOpening = 'none' | 'loading' | 'ready' | 'failed';

/** A chat id as the server accepts it (a positive 32-bit integer), or null. */
export function parseChatId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2 ** 31 - 1 ? id : null;
}

function openError(error: unknown): string | null {
  if (!isApiError(error)) return SAVED_CHAT_MESSAGES.openFailed;
  if (error.status === 401) return null; // the session is gone and the app is on its way to /login
  if (error.status === 404 || error.status === 400) return SAVED_CHAT_MESSAGES.notFound;
  return SAVED_CHAT_MESSAGES.openFailed;
}

/**
 * Opening /messages?chatId={id}: the saved chat replaces the loaded one, with the
 * sender from its data. Nothing is fetched when that chat is already the loaded one (e.g. just saved,
 * or kept in this browser since the last visit).
 */
export function useSavedChatFromUrl(param: string | null): SavedChatOpening {
  const chat = useChat();
  const { loadChat } = chat;
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const id = parseChatId(param);
  const ready = chat.status === 'ready';
  const isOpen = ready && id !== null && chat.source?.kind === 'server' && chat.source.chat_id === id;
  // Opened once on this screen, it is never opened again by it: Clear Chat forgets the chat as it leaves,
  // and react-router can render the next screen a moment after the chat is gone — this screen would
  // otherwise see no chat and load it back into the browser. Coming back mounts a new screen, which opens it.
  const openedHere = useRef<string | null>(null);
  // Before the loading effect: effects run in order after the render that shows the chat open.
  useEffect(() => {
    if (isOpen) openedHere.current = param;
  }, [isOpen, param]);

  useEffect(() => {
    if (param === null || !ready || isOpen || failedFor === param || openedHere.current === param) return;
    if (id === null) {
      toast.error(SAVED_CHAT_MESSAGES.notFound);
      setFailedFor(param);
      return;
    }
    const controller = new AbortController();
    getSavedChat(id, controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) return loadChat(fromServerChat(data, id));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`Saved chat ${id} could not be opened`, error);
        const message = openError(error);
        if (message) toast.error(message);
        setFailedFor(param);
      });
    return () => controller.abort();
  }, [param, id, ready, isOpen, failedFor, loadChat]);

  if (param === null) return 'none';
  if (isOpen) return 'ready';
  if (failedFor === param) return 'failed';
  return 'loading';
}

import type { SavedChatRef } from '@wadesk/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { tokenStorage } from '../../../shared/storage/storage';
import { listSavedChats } from '../api/saved-chats-api';
import { DeleteChatDialog } from '../components/delete-chat-dialog';
import { RenameChatDialog } from '../components/rename-chat-dialog';
import { SaveChatDialog } from '../components/save-chat-dialog';
import {
  type SaveDialogState,
  SavedChatsContext,
  type SavedChatsStatus,
  type SavedChatsValue,
} from './saved-chats-context';

const CLOSED: SaveDialogState = { open: false, chatId: null };

/**
 * The signed-in user's saved chats, shared by the app layout's sidebar and drawer, the Messages screen
 * and the dialogs (rendered here, so they outlive the drawer that opened them). The list is fetched
 * when the layout mounts and again whenever it is marked stale (after a save).
 */
export function SavedChatsProvider({ children }: { children: ReactNode }) {
  const [chats, setChats] = useState<SavedChatRef[]>([]);
  const [status, setStatus] = useState<SavedChatsStatus>(() =>
    tokenStorage.getAccessToken() ? 'loading' : 'signed-out',
  );
  const [stale, setStale] = useState(true);
  const [saveDialog, setSaveDialog] = useState<SaveDialogState>(CLOSED);
  const [editing, setEditing] = useState<SavedChatsValue['editing']>(null);

  useEffect(() => {
    if (!stale) return;
    if (!tokenStorage.getAccessToken()) {
      setStatus('signed-out');
      setStale(false);
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    listSavedChats(controller.signal).then(
      (list) => {
        setChats(list.chat_list);
        setStatus('ready');
        setStale(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // The specification only logs list failures; the list offers to try again.
        console.error('The saved chats could not be listed', error);
        setStatus('error');
        setStale(false);
      },
    );
    return () => controller.abort();
  }, [stale]);

  const refresh = useCallback(() => setStale(true), []);
  const value = useMemo<SavedChatsValue>(
    () => ({
      chats,
      status,
      stale,
      saveDialog,
      editing,
      refresh,
      openSaveDialog: () => setSaveDialog({ open: true, chatId: null }),
      closeSaveDialog: () => setSaveDialog(CLOSED),
      startEditing: (mode, chat) => setEditing({ mode, chat }),
      stopEditing: () => setEditing(null),
      renamed: (chat) =>
        setChats((list) => list.map((item) => (item.chat_id === chat.chat_id ? chat : item))),
      deleted: (chatId) => setChats((list) => list.filter((item) => item.chat_id !== chatId)),
    }),
    [chats, status, stale, saveDialog, editing, refresh],
  );

  return (
    <SavedChatsContext.Provider value={value}>
      {children}
      <SaveChatDialog />
      <RenameChatDialog />
      <DeleteChatDialog />
    </SavedChatsContext.Provider>
  );
}

/** A pathless route around the app's screens: saved chats live as long as the user stays in the app. */
export function SavedChatsRoute() {
  return (
    <SavedChatsProvider>
      <Outlet />
    </SavedChatsProvider>
  );
}

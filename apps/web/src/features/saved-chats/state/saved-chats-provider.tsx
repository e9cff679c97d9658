import { useQuery } from '@tanstack/react-query';
import type { SavedChatRef } from '@wadesk/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { DeleteChatDialog } from '@/features/saved-chats/components/delete-chat-dialog';
import { RenameChatDialog } from '@/features/saved-chats/components/rename-chat-dialog';
import { SaveChatDialog } from '@/features/saved-chats/components/save-chat-dialog';
import { useAuth } from '@/shared/account/auth-context';
import { savedChatsListQuery } from '@/shared/api/saved-chats-queries';
import {
  type SaveDialogState,
  SavedChatsContext,
  type SavedChatsStatus,
  type SavedChatsValue,
} from './saved-chats-context';

const CLOSED: SaveDialogState = { open: false, chatId: null };
const NO_CHATS: SavedChatRef[] = [];

/**
 * The signed-in user's saved chats, shared by the app layout's sidebar and drawer, the Messages screen
 * and the dialogs (rendered here, so they outlive the drawer that opened them). The list is fetched
 * when the layout mounts and again after a save (saved-chats-queries.ts).
 */
export function SavedChatsProvider({ children }: { children: ReactNode }) {
  const { isSignedIn } = useAuth();
  const query = useQuery({ ...savedChatsListQuery(), enabled: isSignedIn });
  const [saveDialog, setSaveDialog] = useState<SaveDialogState>(CLOSED);
  const [editing, setEditing] = useState<SavedChatsValue['editing']>(null);

  useEffect(() => {
    // A failed list is only logged, not toasted; the list offers to try again.
    if (query.error) console.error('The saved chats could not be listed', query.error);
  }, [query.error]);

  const status: SavedChatsStatus = !isSignedIn
    ? 'signed-out'
    : query.isFetching || query.isPending
      ? 'loading'
      : query.isError
        ? 'error'
        : 'ready';
  const chats = query.data?.chat_list ?? NO_CHATS;
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const value = useMemo<SavedChatsValue>(
    () => ({
      chats,
      status,
      saveDialog,
      editing,
      refresh,
      openSaveDialog: () => setSaveDialog({ open: true, chatId: null }),
      closeSaveDialog: () => setSaveDialog(CLOSED),
      startEditing: (mode, chat) => setEditing({ mode, chat }),
      stopEditing: () => setEditing(null),
    }),
    [chats, status, saveDialog, editing, refresh],
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

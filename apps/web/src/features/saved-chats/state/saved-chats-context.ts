import type { SavedChatRef } from '@wadesk/contract';
import { createContext, useContext } from 'react';

export type SavedChatsStatus = 'signed-out' | 'loading' | 'ready' | 'error';

/** The Save Your Chat dialog's state: open, and the chat id (or null). */
export interface SaveDialogState {
  open: boolean;
  chatId: number | null;
}

export interface SavedChatsValue {
  /** The user's saved chats, newest first. */
  chats: SavedChatRef[];
  status: SavedChatsStatus;
  saveDialog: SaveDialogState;
  /** The saved chat being renamed or deleted, if any. */
  editing: { mode: 'rename' | 'delete'; chat: SavedChatRef } | null;
  /** Asks for the list again. */
  refresh(): void;
  openSaveDialog(): void;
  closeSaveDialog(): void;
  startEditing(mode: 'rename' | 'delete', chat: SavedChatRef): void;
  stopEditing(): void;
}

export const SavedChatsContext = createContext<SavedChatsValue | null>(null);

export function useSavedChats(): SavedChatsValue {
  const value = useContext(SavedChatsContext);
  if (!value) throw new Error('useSavedChats must be used inside <SavedChatsProvider>');
  return value;
}

/** The same, or null where saved chats do not exist (a visitor's pages, tests of other screens). */
export function useOptionalSavedChats(): SavedChatsValue | null {
  return useContext(SavedChatsContext);
}

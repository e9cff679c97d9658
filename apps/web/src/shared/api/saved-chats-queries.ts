import { queryOptions } from '@tanstack/react-query';
import { type SavedChatList, savedChatList } from '@wadesk/contract';
import { api } from './api-client';

// The signed-in user's saved chats: the saved-chats feature keeps and changes the list, and the dashboard's
// getting-started checklist reads it too, so the list and its query key live here (one cached answer).

export const listSavedChats = (signal?: AbortSignal): Promise<SavedChatList> =>
  api.post('/v1/getSavedChatList/', {}, savedChatList, { signal });

/** Every cached saved-chats answer sits under `savedChatKeys.all`. */
export const savedChatKeys = {
  all: ['saved-chats'] as const,
  list: () => [...savedChatKeys.all, 'list'] as const,
};

export const savedChatsListQuery = () =>
  queryOptions({ queryKey: savedChatKeys.list(), queryFn: ({ signal }) => listSavedChats(signal) });

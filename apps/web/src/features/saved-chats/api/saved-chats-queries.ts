import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveChatRequest, SavedChatList } from '@wadesk/contract';
import { savedChatKeys } from '@/shared/api/saved-chats-queries';
import { deleteSavedChat, renameSavedChat, saveChat } from './saved-chats-api';

type ListUpdate = (list: SavedChatList) => SavedChatList;

function useUpdateList() {
  const queryClient = useQueryClient();
  return (update: ListUpdate) =>
    queryClient.setQueryData<SavedChatList>(savedChatKeys.list(), (list) => (list ? update(list) : list));
}

/** Saves the loaded chat; the list is fetched again, since the new chat's place in it is the server's. */
export function useSaveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: SaveChatRequest) => saveChat(payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedChatKeys.list() }),
  });
}

/** Renames a saved chat; the list shows the server's answer at once. */
export function useRenameSavedChat() {
  const updateList = useUpdateList();
  return useMutation({
    mutationFn: ({ chatId, chatName }: { chatId: number; chatName: string }) =>
      renameSavedChat(chatId, chatName),
    onSuccess: (chat) =>
      updateList((list) => ({
        ...list,
        chat_list: list.chat_list.map((item) => (item.chat_id === chat.chat_id ? chat : item)),
      })),
  });
}

/** Deletes a saved chat; the list drops it at once. */
export function useDeleteSavedChat() {
  const updateList = useUpdateList();
  return useMutation({
    mutationFn: (chatId: number) => deleteSavedChat(chatId),
    onSuccess: (_answer, chatId) =>
      updateList((list) => ({
        ...list,
        chat_count: Math.max(0, list.chat_count - 1),
        chat_list: list.chat_list.filter((item) => item.chat_id !== chatId),
      })),
  });
}

import {
  type ChatData,
  chatData,
  type SaveChatRequest,
  type SavedChatList,
  type SavedChatRef,
  saveChatResponse,
  savedChatList,
  successMessage,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

// The saved-chat calls (rename and delete are added beside them).

export const saveChat = (payload: SaveChatRequest): Promise<SavedChatRef> =>
  api.post('/v1/saveChatData/', payload, saveChatResponse);

export const listSavedChats = (signal?: AbortSignal): Promise<SavedChatList> =>
  api.post('/v1/getSavedChatList/', {}, savedChatList, { signal });

export const getSavedChat = (chatId: number, signal?: AbortSignal): Promise<ChatData> =>
  api.post('/v1/getSavedChat/', { chat_id: chatId }, chatData, { signal });

export const renameSavedChat = (chatId: number, chatName: string): Promise<SavedChatRef> =>
  api.post('/v1/renameSavedChat/', { chat_id: chatId, chat_name: chatName }, saveChatResponse);

export const deleteSavedChat = (chatId: number) =>
  api.post('/v1/deleteSavedChat/', { chat_id: chatId }, successMessage);

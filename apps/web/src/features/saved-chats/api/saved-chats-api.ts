import {
  type ChatData,
  chatData,
  type SaveChatRequest,
  type SavedChatRef,
  saveChatResponse,
  successMessage,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

// The saved-chat calls; the list's is shared (shared/api/saved-chats-queries.ts).

export const saveChat = (payload: SaveChatRequest): Promise<SavedChatRef> =>
  api.post('/v1/saveChatData/', payload, saveChatResponse);

export const getSavedChat = (chatId: number, signal?: AbortSignal): Promise<ChatData> =>
  api.post('/v1/getSavedChat/', { chat_id: chatId }, chatData, { signal });

export const renameSavedChat = (chatId: number, chatName: string): Promise<SavedChatRef> =>
  api.post('/v1/renameSavedChat/', { chat_id: chatId, chat_name: chatName }, saveChatResponse);

export const deleteSavedChat = (chatId: number) =>
  api.post('/v1/deleteSavedChat/', { chat_id: chatId }, successMessage);

import type { ChatMessage } from '@wadesk/chat-export';
import type { SaveChatRequest } from '@wadesk/contract';
import type { ChatSource } from '@/shared/loaded-chat/engine/engine-protocol';

/** What a save needs of the loaded chat (the chat provider's value has more). */
interface ChatToSave {
  data: ChatMessage[];
  total_msgs: number;
  unique_authors: string[];
  source: ChatSource | null;
}

/**
 * POST /v1/saveChatData/'s body. A chat imported in this browser has its media only
 * here, so its attachments are saved as references without a file (the server only links files it holds).
 */
export function savePayload(chat: ChatToSave, chatName: string): SaveChatRequest {
  const data =
    chat.source?.kind === 'server'
      ? chat.data
      : chat.data.map((message) =>
          message.has_attachment ? { ...message, has_attachment: false, media_type: null } : message,
        );
  return { data, total_msgs: chat.total_msgs, chat_name: chatName, unique_authors: chat.unique_authors };
}

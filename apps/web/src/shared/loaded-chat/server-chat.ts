import type { ChatMessage } from '@wadesk/chat-export';
import type { ChatData as ServerChatData } from '@wadesk/contract';
import type { ChatData, ChatSource } from './engine/engine-protocol';

type ServerMessage = ServerChatData['data'][number];

/** A server message with the parser's optional fields filled in, as the viewer expects them. */
export function fromServerMessage(message: ServerMessage): ChatMessage {
  return {
    ...message,
    attachment: message.attachment ?? null,
    omitted_media: message.omitted_media ?? null,
    edited: message.edited ?? false,
    deleted: message.deleted ?? false,
  };
}

/**
 * An upload's answer or a saved chat as the loaded chat. Attachment messages keep the server's form:
 * `content` is the object name, optionally followed by a space and the caption.
 */
export function fromServerChat(chat: ServerChatData, chatId: number | null): ChatData {
  return {
    data: chat.data.map(fromServerMessage),
    total_msgs: chat.total_msgs,
    unique_authors: chat.unique_authors,
    sender: null,
    source: { kind: 'server', chat_id: chatId },
  };
}

/** The attachment object name of a server message: the first word of its content. */
export function objectNameOf(message: Pick<ChatMessage, 'has_attachment' | 'content'>): string | null {
  if (!message.has_attachment) return null;
  const name = message.content.trimStart().split(/\s/, 1)[0];
  return name ? name : null;
}

/** The caption of a server attachment message: what follows the object name. */
export function serverCaption(message: Pick<ChatMessage, 'content' | 'captions'>): string {
  if (message.captions) return message.captions;
  const content = message.content.trimStart();
  const space = content.search(/\s/);
  return space < 0 ? '' : content.slice(space + 1).trim();
}

/**
 * The text search looks in: a server attachment's content starts with its object name, which means
 * nothing to the reader, so only its caption is searched.
 */
export function searchableText(
  message: Pick<ChatMessage, 'has_attachment' | 'content' | 'captions'>,
  source: ChatSource,
): string {
  return source.kind === 'server' && message.has_attachment ? serverCaption(message) : message.content;
}

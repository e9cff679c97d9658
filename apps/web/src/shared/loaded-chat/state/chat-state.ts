import { type ChatCounts, type ChatMessage, chatCounts } from '@wadesk/chat-export';
import type { ChatData, ChatSource } from '@/shared/loaded-chat/engine/engine-protocol';

/** A playable/downloadable media file: an object URL now, a signed server URL for server chats later. */
export interface MediaLink {
  url: string;
  type: string;
}

/** The loaded chat plus what the page needs to show it. */
export interface ChatState {
  /** idle: not yet read from this browser; restoring: being read; ready: `data` is the chat (maybe none). */
  status: 'idle' | 'restoring' | 'ready';
  data: ChatMessage[];
  /** True while the rest of a large chat's messages is still arriving: `data` holds only its start. */
  partial: boolean;
  total_msgs: number;
  /** Members' messages and system notices, as every screen counts them; null while `partial`. */
  counts: ChatCounts | null;
  unique_authors: string[];
  /** The active author, whose messages show on the right; the first author by default. */
  sender: string | null;
  /** Media by the file name messages refer to. */
  media: Readonly<Record<string, MediaLink>>;
  source: ChatSource | null;
  /** Changes whenever another chat is loaded, so views can reset (scroll position, search). */
  revision: number;
}

export type ChatAction =
  | { type: 'restore-started' }
  | { type: 'loaded'; chat: ChatData; media: Record<string, MediaLink>; partial: boolean }
  /** All messages of the chat loaded last have arrived. */
  | { type: 'completed'; data: ChatMessage[] }
  | { type: 'nothing-kept' }
  | { type: 'sender-changed'; sender: string }
  | { type: 'cleared' };

export const initialChatState: ChatState = {
  status: 'idle',
  data: [],
  partial: false,
  total_msgs: 0,
  counts: null,
  unique_authors: [],
  sender: null,
  media: {},
  source: null,
  revision: 0,
};

/** The kept sender when it still is an author, else the first author that is not system. */
export function resolveSender(chat: Pick<ChatData, 'sender' | 'unique_authors'>): string | null {
  if (chat.sender !== null && chat.unique_authors.includes(chat.sender)) return chat.sender;
  return chat.unique_authors[0] ?? null;
}

// WhatsApp caps exports with media lower than those without (see chatCounts).
const countsOf = (data: readonly ChatMessage[], media: Readonly<Record<string, MediaLink>>) =>
  chatCounts(data, { withMedia: Object.keys(media).length > 0 });

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'restore-started':
      return state.status === 'idle' ? { ...state, status: 'restoring' } : state;
    case 'loaded':
      return {
        status: 'ready',
        data: action.chat.data,
        partial: action.partial,
        total_msgs: action.chat.total_msgs,
        counts: action.partial ? null : countsOf(action.chat.data, action.media),
        unique_authors: action.chat.unique_authors,
        sender: resolveSender(action.chat),
        media: action.media,
        source: action.chat.source,
        revision: state.revision + 1,
      };
    case 'completed':
      return state.partial
        ? { ...state, data: action.data, partial: false, counts: countsOf(action.data, state.media) }
        : state;
    case 'nothing-kept':
      return state.status === 'ready'
        ? state
        : { ...initialChatState, status: 'ready', revision: state.revision };
    case 'sender-changed':
      return state.unique_authors.includes(action.sender) ? { ...state, sender: action.sender } : state;
    case 'cleared':
      return { ...initialChatState, status: 'ready', revision: state.revision + 1 };
  }
}

import type { AnalyseOptions, ChatAnalysis, MessageFilter } from '@wadesk/chat-export';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { type ChatEngine, createChatEngine, type LoadedChat } from '@/shared/loaded-chat/engine/chat-engine';
import type {
  ChatData,
  ImportPhase,
  MediaFile,
  SearchHit,
} from '@/shared/loaded-chat/engine/engine-protocol';
import { type ChatState, chatReducer, initialChatState, type MediaLink } from './chat-state';

export interface ChatActions {
  /** Starts the chat engine's worker ahead of an import (the upload card calls it when shown). */
  warmUp(): void;
  /** Reads the chat kept in this browser, once per page load; screens that show the chat call it. */
  ensureRestored(): void;
  /** Parses a .txt or .zip export in the worker and makes it the loaded chat (kept until Clear Chat). */
  importFile(file: File, kind: 'text' | 'zip', onProgress?: (phase: ImportPhase) => void): Promise<ChatData>;
  /** Makes a chat from elsewhere (a server upload, a saved chat) the loaded chat, kept and searchable. */
  loadChat(chat: ChatData, media?: MediaFile[]): Promise<void>;
  setSender(sender: string): void;
  /** Forgets the chat: state, IndexedDB and the media's object URLs. */
  clearChat(): Promise<void>;
  /** Message positions and highlight ranges (the search rules), searched in the worker. */
  search(query: string, limit?: number, within?: readonly number[]): Promise<SearchHit[]>;
  /** The chat's statistics (analyseChat), computed in the worker: nothing leaves the browser. */
  analyse(options: AnalyseOptions): Promise<ChatAnalysis | null>;
  /** Positions of the messages behind a statistic (selectMessages), computed in the worker. */
  select(filter: MessageFilter, options: AnalyseOptions): Promise<number[]>;
}

const ChatStateContext = createContext<ChatState | null>(null);
const ChatActionsContext = createContext<ChatActions | null>(null);

export const SEARCH_LIMIT = 200;

export function ChatProvider({ children, engine: given }: { children: ReactNode; engine?: ChatEngine }) {
  const [engine] = useState(() => given ?? createChatEngine());
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const objectUrls = useRef<string[]>([]);
  const restoreStarted = useRef(false);
  // Bumped by every change of chat, so a slow restore never overwrites a newer chat.
  const generation = useRef(0);

  const revokeAll = useCallback((urls: string[]) => {
    for (const url of urls) URL.revokeObjectURL(url);
  }, []);

  const apply = useCallback(
    ({ chat, media, complete }: LoadedChat) => {
      const mine = ++generation.current;
      const links: Record<string, MediaLink> = {};
      const created: string[] = [];
      for (const file of media) {
        const url = URL.createObjectURL(file.blob);
        links[file.name] = { url, type: file.blob.type };
        created.push(url);
      }
      const previous = objectUrls.current;
      objectUrls.current = created;
      dispatch({ type: 'loaded', chat, media: links, partial: complete !== null });
      // After React has rendered the new chat, nothing shows the old media any more.
      setTimeout(() => revokeAll(previous), 0);
      // A large chat shows from its first messages; the rest follows while the first screen paints.
      complete?.then(
        (data) => {
          if (generation.current === mine) dispatch({ type: 'completed', data });
        },
        (error: unknown) => console.error('The rest of the chat could not be read', error),
      );
    },
    [revokeAll],
  );

  // No clean-up on unmount: the provider lives as long as the page (which ends the worker and its
  // object URLs), and StrictMode's trial unmount must not stop a restore in flight.

  const actions = useMemo<ChatActions>(
    () => ({
      warmUp: () => engine.warm(),
      ensureRestored() {
        if (restoreStarted.current) return;
        restoreStarted.current = true;
        dispatch({ type: 'restore-started' });
        const started = generation.current;
        engine.restore().then(
          (kept) => {
            if (generation.current !== started) return;
            if (kept) apply(kept);
            else dispatch({ type: 'nothing-kept' });
          },
          (error: unknown) => {
            console.error('The kept chat could not be read', error);
            if (generation.current === started) dispatch({ type: 'nothing-kept' });
          },
        );
      },
      async importFile(file, kind, onProgress) {
        const loaded = await engine.importFile(file, file.name, kind, onProgress);
        restoreStarted.current = true;
        apply(loaded);
        return loaded.chat;
      },
      async loadChat(chat, media = []) {
        const loaded = await engine.load(chat, media);
        restoreStarted.current = true;
        apply(loaded);
      },
      setSender(sender) {
        dispatch({ type: 'sender-changed', sender });
        engine
          .setSender(sender)
          .catch((error: unknown) => console.error('The author could not be kept', error));
      },
      async clearChat() {
        generation.current++;
        restoreStarted.current = true;
        const urls = objectUrls.current;
        objectUrls.current = [];
        dispatch({ type: 'cleared' });
        setTimeout(() => revokeAll(urls), 0);
        await engine
          .clear()
          .catch((error: unknown) => console.error('The kept chat could not be removed', error));
      },
      search: (query, limit = SEARCH_LIMIT, within) =>
        within ? engine.search(query, limit, within) : engine.search(query, limit),
      analyse: (options) => engine.analyse(options),
      select: (filter, options) => engine.select(filter, options),
    }),
    [engine, apply, revokeAll],
  );

  return (
    <ChatActionsContext.Provider value={actions}>
      <ChatStateContext.Provider value={state}>{children}</ChatStateContext.Provider>
    </ChatActionsContext.Provider>
  );
}

export function useChatActions(): ChatActions {
  const actions = useContext(ChatActionsContext);
  if (!actions) throw new Error('useChatActions must be used inside <ChatProvider>');
  return actions;
}

/** The loaded chat as it is now, without starting a restore (for what only shows when one is loaded). */
export function useChatState(): ChatState {
  const state = useContext(ChatStateContext);
  if (!state) throw new Error('useChatState must be used inside <ChatProvider>');
  return state;
}

/** The loaded chat; reading it starts restoring the chat kept in this browser. */
export function useChat(): ChatState & ChatActions {
  const state = useContext(ChatStateContext);
  const actions = useChatActions();
  if (!state) throw new Error('useChat must be used inside <ChatProvider>');
  useEffect(() => actions.ensureRestored(), [actions]);
  return { ...state, ...actions };
}

/** The loaded chat as far as it is known, without reading it; null outside <ChatProvider>. */
export function useOptionalChat(): (ChatState & ChatActions) | null {
  const state = useContext(ChatStateContext);
  const actions = useContext(ChatActionsContext);
  return state && actions ? { ...state, ...actions } : null;
}

import { analyseChat, type ChatMessage, parseChat, selectMessages } from '@wadesk/chat-export';
import { vi } from 'vitest';
import type { ChatEngine, LoadedChat } from './chat-engine';
import type { ChatPersistence } from './chat-persistence';
import type { EngineDeps } from './engine-core';
import type { ChatData, MediaFile } from './engine-protocol';

/** A persistence that keeps the chat in memory, for tests. */
export function memoryPersistence(): ChatPersistence & {
  stored: { chat: ChatData; media: MediaFile[] } | null;
} {
  const state = {
    stored: null as { chat: ChatData; media: MediaFile[] } | null,
    async save(chat: ChatData, media: readonly MediaFile[]) {
      state.stored = { chat, media: [...media] };
    },
    async load() {
      return state.stored;
    },
    async setSender(sender: string | null) {
      if (state.stored) state.stored = { ...state.stored, chat: { ...state.stored.chat, sender } };
    },
    async clear() {
      state.stored = null;
    },
  };
  return state;
}

/** A tiny "zip" for tests: JSON `{ text, files: { name: [bytes] } }`, or anything else as a corrupt zip. */
export function fakeZip(text: string, files: Record<string, number[]> = {}): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ text, files }));
}

/** Engine dependencies with the real parser, a plain substring search and a fake zip reader. */
export function testDeps(
  persistence: ChatPersistence = memoryPersistence(),
): EngineDeps & { logged: string[] } {
  const logged: string[] = [];
  return {
    logged,
    persistence,
    readZip(bytes) {
      let zip: { text: string; files: Record<string, number[]> };
      try {
        zip = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        throw new Error('corrupt');
      }
      if (!zip.text)
        throw Object.assign(new Error('The zip holds no chat text file (.txt).'), { userFacing: true });
      const media = new Map(
        Object.entries(zip.files).map(([name, content]) => [
          name,
          {
            mime: name.endsWith('.png') ? 'image/png' : 'application/octet-stream',
            bytes: () => {
              if (content.length === 0) throw new Error('damaged');
              return new Uint8Array(content);
            },
          },
        ]),
      );
      return { text: zip.text, media };
    },
    parse: (text) => parseChat(text),
    buildIndex: (messages: readonly { content: string }[]) => messages.map((m) => m.content),
    search(index, query, limit) {
      const q = query.trim().toLowerCase();
      if (q.length < 2) return [];
      const hits = [];
      for (const [i, content] of (index as string[]).entries()) {
        const at = content.toLowerCase().indexOf(q);
        if (at >= 0) hits.push({ index: i, start: at, end: at + q.length, text: content });
        if (hits.length >= limit) break;
      }
      return hits;
    },
    analyse: (messages, options) => analyseChat(messages, options),
    select: (messages, filter, options) => selectMessages(messages, filter, options),
    userMessage: (error) => (error instanceof Error && 'userFacing' in error ? error.message : null),
    log: (message) => void logged.push(message),
  };
}

/** A chat engine whose every call is a mock, for UI tests (restore finds nothing unless told). */
/** A chat as the engine hands it over, all of its messages at once. */
export function loadedChat(chat: ChatData, media: MediaFile[] = []): LoadedChat {
  return { chat, media, complete: null };
}

export function fakeEngine(overrides: Partial<ChatEngine> = {}): ChatEngine {
  return {
    importFile: vi.fn(async () => {
      throw new Error('importFile not set up');
    }),
    load: vi.fn(async () => {
      throw new Error('load not set up');
    }),
    restore: vi.fn(async () => null),
    setSender: vi.fn(async () => {}),
    search: vi.fn(async () => []),
    analyse: vi.fn(async () => null),
    select: vi.fn(async () => []),
    clear: vi.fn(async () => {}),
    warm: vi.fn(),
    dispose: vi.fn(),
    ...overrides,
  };
}

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    author: 'Alice',
    datetime: '01/03/2022, 08:00',
    content: 'hello',
    has_attachment: false,
    media_type: null,
    date: '2022-03-01T08:00:00',
    has_captions: false,
    captions: '',
    attachment: null,
    omitted_media: null,
    edited: false,
    deleted: false,
    ...overrides,
  };
}

export function chatData(messages: ChatMessage[], overrides: Partial<ChatData> = {}): ChatData {
  const authors = [...new Set(messages.map((m) => m.author).filter((a) => a !== 'system'))];
  return {
    data: messages,
    total_msgs: messages.length,
    unique_authors: authors,
    sender: null,
    source: { kind: 'local', file_name: 'chat.txt' },
    ...overrides,
  };
}

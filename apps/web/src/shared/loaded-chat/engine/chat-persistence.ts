import type { ChatData, MediaFile } from './engine-protocol';
import { completed, openDatabase, request } from './idb';

const DB_NAME = 'wadesk-chat';
const CHAT = 'chat';
const MEDIA = 'media';
const CURRENT = 'current';
// The active author is kept apart so switching it never rewrites a 40,000-message record.
const SENDER = 'sender';

export interface ChatPersistence {
  save(chat: ChatData, media: readonly MediaFile[]): Promise<void>;
  load(): Promise<{ chat: ChatData; media: MediaFile[] } | null>;
  setSender(sender: string | null): Promise<void>;
  clear(): Promise<void>;
}

/**
 * The loaded chat and its media blobs, kept in this browser's IndexedDB until Clear Chat: one record
 * for the chat and one per media file, always written and cleared together in one transaction.
 */
export function createChatPersistence(factory: IDBFactory = indexedDB): ChatPersistence {
  let opening: Promise<IDBDatabase> | null = null;
  const db = () => {
    opening ??= openDatabase(factory, DB_NAME, 1, (database) => {
      database.createObjectStore(CHAT);
      database.createObjectStore(MEDIA, { keyPath: 'name' });
    }).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  return {
    async save(chat, media) {
      const tx = (await db()).transaction([CHAT, MEDIA], 'readwrite');
      const done = completed(tx);
      tx.objectStore(MEDIA).clear();
      for (const file of media) tx.objectStore(MEDIA).put(file);
      tx.objectStore(CHAT).put(chat, CURRENT);
      tx.objectStore(CHAT).delete(SENDER);
      await done;
    },
    async load() {
      const tx = (await db()).transaction([CHAT, MEDIA], 'readonly');
      const [chat, sender, media] = await Promise.all([
        request<ChatData | undefined>(tx.objectStore(CHAT).get(CURRENT)),
        request<string | null | undefined>(tx.objectStore(CHAT).get(SENDER)),
        request<MediaFile[]>(tx.objectStore(MEDIA).getAll()),
      ]);
      if (!chat) return null;
      return { chat: sender === undefined ? chat : { ...chat, sender }, media };
    },
    async setSender(sender) {
      const tx = (await db()).transaction(CHAT, 'readwrite');
      const done = completed(tx);
      tx.objectStore(CHAT).put(sender, SENDER);
      await done;
    },
    async clear() {
      const tx = (await db()).transaction([CHAT, MEDIA], 'readwrite');
      const done = completed(tx);
      tx.objectStore(CHAT).clear();
      tx.objectStore(MEDIA).clear();
      await done;
    },
  };
}

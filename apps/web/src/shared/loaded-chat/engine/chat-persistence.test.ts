import { Blob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createChatPersistence } from './chat-persistence';
import type { ChatData } from './engine-protocol';
import { chatMessage } from './testing-deps';

// Node's Blob survives structured cloning as a browser's does in IndexedDB (jsdom's Blob does not).
const blob = (parts: BlobPart[], type = '') =>
  new Blob(parts as never[], { type }) as unknown as globalThis.Blob;

const message = (author: string, content: string) => chatMessage({ author, content });

const chat = (sender: string | null = null): ChatData => ({
  data: [message('Alice', 'hi'), message('Bob', 'hello')],
  total_msgs: 2,
  unique_authors: ['Alice', 'Bob'],
  sender,
  source: { kind: 'local', file_name: 'chat.txt' },
});

describe('chat persistence (IndexedDB)', () => {
  it('has nothing before a chat is saved', async () => {
    expect(await createChatPersistence(new IDBFactory()).load()).toBeNull();
  });

  it('keeps the chat and its media across instances (a page reload) until cleared', async () => {
    const factory = new IDBFactory();
    const image = blob([new Uint8Array([1, 2, 3])], 'image/png');
    await createChatPersistence(factory).save(chat(), [{ name: 'IMG-1.png', blob: image }]);

    const reloaded = createChatPersistence(factory);
    const stored = await reloaded.load();
    expect(stored?.chat).toEqual(chat());
    expect(stored?.media.map((file) => file.name)).toEqual(['IMG-1.png']);
    expect(stored?.media[0]?.blob.size).toBe(3);

    await reloaded.clear();
    expect(await createChatPersistence(factory).load()).toBeNull();
  });

  it('remembers the active sender, and a new chat replaces the old one and its media', async () => {
    const factory = new IDBFactory();
    const store = createChatPersistence(factory);
    await store.save(chat(), [{ name: 'old.png', blob: blob(['x']) }]);
    await store.setSender('Bob');
    expect((await store.load())?.chat.sender).toBe('Bob');

    await store.save({ ...chat(), unique_authors: ['Carol'] }, []);
    const stored = await store.load();
    expect(stored?.chat.sender).toBeNull();
    expect(stored?.chat.unique_authors).toEqual(['Carol']);
    expect(stored?.media).toEqual([]);
  });
});

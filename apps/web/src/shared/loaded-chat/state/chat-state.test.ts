import { describe, expect, it } from 'vitest';
import type { ChatData } from '@/shared/loaded-chat/engine/engine-protocol';
import { chatMessage } from '@/shared/loaded-chat/engine/testing-deps';
import { chatReducer, initialChatState, resolveSender } from './chat-state';

const message = (author: string) => chatMessage({ author, content: 'hi' });

const chat = (sender: string | null = null): ChatData => ({
  data: [message('system'), message('Alice'), message('Bob')],
  total_msgs: 3,
  unique_authors: ['Alice', 'Bob'],
  sender,
  source: { kind: 'local', file_name: 'chat.txt' },
});

describe('chatReducer', () => {
  it('starts empty and idle, and marks a restore once', () => {
    expect(initialChatState).toMatchObject({ status: 'idle', data: [], total_msgs: 0, sender: null });
    const restoring = chatReducer(initialChatState, { type: 'restore-started' });
    expect(restoring.status).toBe('restoring');
    const ready = chatReducer(restoring, { type: 'nothing-kept' });
    expect(ready).toMatchObject({ status: 'ready', total_msgs: 0 });
    expect(chatReducer(ready, { type: 'restore-started' })).toBe(ready);
  });

  it('loads a chat with the first non-system author as sender and a new revision', () => {
    const media = { 'a.png': { url: 'blob:1', type: 'image/png' } };
    const state = chatReducer(initialChatState, { type: 'loaded', chat: chat(), media, partial: false });
    expect(state).toMatchObject({
      status: 'ready',
      total_msgs: 3,
      unique_authors: ['Alice', 'Bob'],
      sender: 'Alice',
      media,
      source: { kind: 'local', file_name: 'chat.txt' },
      revision: 1,
    });
    expect(
      chatReducer(state, { type: 'loaded', chat: chat('Bob'), media: {}, partial: false }),
    ).toMatchObject({
      sender: 'Bob',
      revision: 2,
    });
  });

  it('shows a large chat from its start and takes the rest of its messages when they arrive', () => {
    const whole = chat();
    const start = { ...whole, data: whole.data.slice(0, 1) };
    const partial = chatReducer(initialChatState, { type: 'loaded', chat: start, media: {}, partial: true });
    expect(partial).toMatchObject({ partial: true, total_msgs: 3, revision: 1 });
    expect(partial.data).toHaveLength(1);
    const completed = chatReducer(partial, { type: 'completed', data: whole.data });
    expect(completed).toMatchObject({ partial: false, revision: 1, data: whole.data });
    // Only a chat still waiting for its messages takes them.
    expect(chatReducer(completed, { type: 'completed', data: [] })).toBe(completed);
  });

  it('a late "nothing kept" never hides a chat imported meanwhile', () => {
    const loaded = chatReducer(initialChatState, { type: 'loaded', chat: chat(), media: {}, partial: false });
    expect(chatReducer(loaded, { type: 'nothing-kept' })).toBe(loaded);
  });

  it('switches the sender only to an author of the chat', () => {
    const loaded = chatReducer(initialChatState, { type: 'loaded', chat: chat(), media: {}, partial: false });
    expect(chatReducer(loaded, { type: 'sender-changed', sender: 'Bob' }).sender).toBe('Bob');
    expect(chatReducer(loaded, { type: 'sender-changed', sender: 'system' })).toBe(loaded);
  });

  it('clears to an empty chat with no sender', () => {
    const loaded = chatReducer(initialChatState, { type: 'loaded', chat: chat(), media: {}, partial: false });
    expect(chatReducer(loaded, { type: 'cleared' })).toEqual({
      ...initialChatState,
      status: 'ready',
      revision: 2,
    });
  });
});

describe('resolveSender', () => {
  it('keeps a sender that is an author and falls back to the first author', () => {
    expect(resolveSender({ sender: 'Bob', unique_authors: ['Alice', 'Bob'] })).toBe('Bob');
    expect(resolveSender({ sender: 'Gone', unique_authors: ['Alice'] })).toBe('Alice');
    expect(resolveSender({ sender: null, unique_authors: [] })).toBeNull();
  });
});

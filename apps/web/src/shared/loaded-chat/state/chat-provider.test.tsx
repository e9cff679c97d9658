import { Blob as NodeBlob } from 'node:buffer';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatEngine } from '@/shared/loaded-chat/engine/chat-engine';
import { createInProcessPort } from '@/shared/loaded-chat/engine/in-process-port';
import { fakeZip, memoryPersistence, testDeps } from '@/shared/loaded-chat/engine/testing-deps';
import { ChatProvider, useChat } from './chat-provider';

const CHAT = [
  '01/03/2022, 08:00 - Alice: IMG-20220301-WA0001.png (file attached)',
  '01/03/2022, 08:01 - Bob: hello there',
].join('\n');

// A File as the browser hands it over (jsdom's cannot be read back).
const upload = (part: string | Uint8Array, name: string) =>
  Object.assign(new NodeBlob([part]), { name, lastModified: 0 }) as unknown as File;

let current: ReturnType<typeof useChat>;
function Probe() {
  current = useChat();
  return null;
}

// jsdom has no object URLs: count them instead.
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  let urls = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++urls}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function renderProvider(persistence = memoryPersistence()) {
  const engine = createChatEngine(() => createInProcessPort(testDeps(persistence)));
  render(
    <ChatProvider engine={engine}>
      <Probe />
    </ChatProvider>,
  );
  return persistence;
}

describe('ChatProvider', () => {
  it('restores nothing on a first visit', async () => {
    renderProvider();
    await waitFor(() => expect(current.status).toBe('ready'));
    expect(current).toMatchObject({ data: [], total_msgs: 0, unique_authors: [], sender: null });
  });

  it('imports a zip: the chat, the first author as sender, media as object URLs', async () => {
    renderProvider();
    await act(() =>
      current.importFile(upload(fakeZip(CHAT, { 'IMG-20220301-WA0001.png': [1, 2] }), 'chat.zip'), 'zip'),
    );
    expect(current).toMatchObject({
      status: 'ready',
      total_msgs: 2,
      unique_authors: ['Alice', 'Bob'],
      sender: 'Alice',
    });
    expect(current.media).toEqual({ 'IMG-20220301-WA0001.png': { url: 'blob:test/1', type: 'image/png' } });
  });

  it('holds every message of a large chat once the rest has followed its start', async () => {
    renderProvider();
    const lines = Array.from({ length: 2500 }, (_, i) => `01/03/2022, 08:00 - Alice: message ${i}`);
    await act(() => current.importFile(upload(lines.join('\n'), 'big.txt'), 'text'));
    await waitFor(() => expect(current.partial).toBe(false));
    expect(current.total_msgs).toBe(2500);
    expect(current.data.map((m) => m.content)).toEqual(lines.map((_, i) => `message ${i}`));
  });

  it('restores the kept chat and sender after a reload, and revokes URLs on a new chat and on clear', async () => {
    const persistence = renderProvider();
    await act(() =>
      current.importFile(upload(fakeZip(CHAT, { 'IMG-20220301-WA0001.png': [1] }), 'a.zip'), 'zip'),
    );
    act(() => current.setSender('Bob'));
    expect(current.sender).toBe('Bob');
    await waitFor(() => expect(persistence.stored?.chat.sender).toBe('Bob'));

    renderProvider(persistence); // a page reload: a new provider over the same browser storage
    await waitFor(() => expect(current.total_msgs).toBe(2));
    expect(current.sender).toBe('Bob');
    expect(current.media['IMG-20220301-WA0001.png']?.url).toBe('blob:test/2');

    vi.useFakeTimers();
    await act(() => current.importFile(upload(CHAT, 'b.txt'), 'text'));
    await act(() => vi.runAllTimersAsync());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/2');
    expect(current.media).toEqual({});
    expect(current.sender).toBe('Alice');

    await act(() =>
      current.importFile(upload(fakeZip(CHAT, { 'IMG-20220301-WA0001.png': [1] }), 'c.zip'), 'zip'),
    );
    await act(() => current.clearChat());
    await act(() => vi.runAllTimersAsync());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/3');
    expect(current).toMatchObject({ status: 'ready', data: [], total_msgs: 0, sender: null, media: {} });
    expect(persistence.stored).toBeNull();
  });

  it('keeps the current chat when an import fails', async () => {
    renderProvider();
    await act(() => current.importFile(upload(CHAT, 'a.txt'), 'text'));
    await expect(current.importFile(upload('not a chat', 'b.txt'), 'text')).rejects.toMatchObject({
      code: 'no-messages',
    });
    expect(current.total_msgs).toBe(2);
  });

  it('searches in the engine', async () => {
    renderProvider();
    await act(() => current.importFile(upload(CHAT, 'a.txt'), 'text'));
    expect(await current.search('hello')).toEqual([{ index: 1, start: 0, end: 5, text: 'hello there' }]);
  });
});

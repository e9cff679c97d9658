import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createChatEngine, EngineError, type EnginePort } from './chat-engine';
import { FIRST_MESSAGES } from './engine-core';
import type { ImportPhase } from './engine-protocol';
import { createInProcessPort } from './in-process-port';
import { fakeZip, memoryPersistence, testDeps } from './testing-deps';

const CHAT = [
  '01/03/2022, 08:00 - Messages and calls are end-to-end encrypted.',
  '01/03/2022, 08:01 - Alice: Good morning, the train leaves at nine',
  '01/03/2022, 08:02 - Bob: IMG-20220301-WA0001.png (file attached)',
  'Sunrise',
  '02/03/2022, 09:00 - Bob: PTT-20220302-WA0002.opus (file attached)',
  '02/03/2022, 09:01 - Alice: Morning train again',
].join('\n');

const setup = () => {
  const persistence = memoryPersistence();
  const deps = testDeps(persistence);
  const engine = createChatEngine(() => createInProcessPort(deps));
  return { engine, persistence, deps };
};
// Files as the browser hands them over (jsdom's Blob cannot be read back).
const file = (part: string | Uint8Array, type = '') => new NodeBlob([part], { type }) as unknown as Blob;
const textFile = (text: string) => file(text, 'text/plain');

describe('chat engine', () => {
  it('imports a text export: progress, the parsed chat, kept and searchable', async () => {
    const { engine, persistence } = setup();
    const phases: ImportPhase[] = [];
    const { chat, media } = await engine.importFile(textFile(CHAT), 'chat.txt', 'text', (p) =>
      phases.push(p),
    );
    expect(phases).toEqual(['reading', 'parsing', 'done']);
    expect(chat.total_msgs).toBe(5);
    expect(chat.unique_authors).toEqual(['Alice', 'Bob']);
    expect(chat.sender).toBeNull();
    expect(chat.source).toEqual({ kind: 'local', file_name: 'chat.txt' });
    expect(media).toEqual([]);
    expect(persistence.stored?.chat.total_msgs).toBe(5);
    expect(await engine.search('train', 10)).toEqual([
      { index: 1, start: 18, end: 23, text: 'Good morning, the train leaves at nine' },
      { index: 4, start: 8, end: 13, text: 'Morning train again' },
    ]);
  });

  it('imports a zip: only referenced media, as typed blobs; a damaged file is skipped', async () => {
    const { engine, deps } = setup();
    const zip = fakeZip(CHAT, {
      'IMG-20220301-WA0001.png': [137, 80],
      'PTT-20220302-WA0002.opus': [],
      'extra.png': [1],
    });
    const phases: ImportPhase[] = [];
    const { media } = await engine.importFile(file(zip), 'chat.zip', 'zip', (p) => phases.push(p));
    expect(phases).toEqual(['reading', 'extracting', 'parsing', 'media', 'done']);
    expect(media.map((file) => [file.name, file.blob.type, file.blob.size])).toEqual([
      ['IMG-20220301-WA0001.png', 'image/png', 2],
    ]);
    expect(deps.logged).toContain('Skipped damaged media file PTT-20220302-WA0002.opus');
  });

  it('fails a corrupt zip with the generic message and a readable one with its own', async () => {
    const { engine } = setup();
    await expect(engine.importFile(file('PK garbage'), 'chat.zip', 'zip')).rejects.toEqual(
      new EngineError('zip', 'Error extracting zip file'),
    );
    await expect(engine.importFile(file(fakeZip('')), 'chat.zip', 'zip')).rejects.toMatchObject({
      code: 'zip',
      message: 'The zip holds no chat text file (.txt).',
    });
  });

  it('refuses a file with no messages and keeps the previous chat', async () => {
    const { engine, persistence } = setup();
    await engine.importFile(textFile(CHAT), 'chat.txt', 'text');
    await expect(engine.importFile(textFile('just some notes'), 'notes.txt', 'text')).rejects.toMatchObject({
      code: 'no-messages',
    });
    expect(persistence.stored?.chat.source).toEqual({ kind: 'local', file_name: 'chat.txt' });
    expect(await engine.search('morning', 5)).toHaveLength(2);
  });

  it('restores the kept chat (with its sender) in a new engine, and clears it', async () => {
    const persistence = memoryPersistence();
    const first = createChatEngine(() => createInProcessPort(testDeps(persistence)));
    expect(await first.restore()).toBeNull();
    await first.importFile(textFile(CHAT), 'chat.txt', 'text');
    await first.setSender('Bob');

    const second = createChatEngine(() => createInProcessPort(testDeps(persistence)));
    const restored = await second.restore();
    expect(restored?.chat.sender).toBe('Bob');
    expect(restored?.chat.total_msgs).toBe(5);
    expect(await second.search('sunrise', 5)).toEqual([]); // captions are not content
    expect(await second.search('good', 5)).toHaveLength(1);

    await second.clear();
    expect(persistence.stored).toBeNull();
    expect(await second.search('good', 5)).toEqual([]);
  });

  it('hands a large chat over from its start, then the rest in slices, put back together in order', async () => {
    const { engine } = setup();
    const lines = Array.from({ length: 9001 }, (_, i) => `01/03/2022, 08:00 - Alice: message ${i}`);
    const { chat, complete } = await engine.importFile(textFile(lines.join('\n')), 'big.txt', 'text');
    expect(chat.total_msgs).toBe(9001);
    expect(chat.data.map((m) => m.content)).toEqual(
      lines.slice(0, FIRST_MESSAGES).map((_, i) => `message ${i}`),
    );
    const all = await complete;
    expect(all?.map((m) => m.content)).toEqual(lines.map((_, i) => `message ${i}`));
  });

  it('hands a small chat over whole', async () => {
    const { engine } = setup();
    const { chat, complete } = await engine.importFile(textFile(CHAT), 'chat.txt', 'text');
    expect(chat.data).toHaveLength(5);
    expect(complete).toBeNull();
  });

  it('fails the rest of a large chat when the worker crashes before it has all arrived', async () => {
    // A worker that never gets to send the slices after the first messages.
    const engine = createChatEngine(() => {
      const inner = createInProcessPort(testDeps());
      return {
        postMessage: (request) => inner.postMessage(request),
        get onmessage() {
          return inner.onmessage;
        },
        set onmessage(handler) {
          inner.onmessage = handler && ((event) => event.data.type !== 'messages' && handler(event));
        },
        onerror: null,
        terminate: () => {},
      } satisfies EnginePort;
    });
    const lines = Array.from({ length: 6000 }, (_, i) => `01/03/2022, 08:00 - Alice: message ${i}`);
    const loaded = await engine.importFile(textFile(lines.join('\n')), 'big.txt', 'text');
    engine.dispose();
    await expect(loaded.complete).rejects.toMatchObject({ code: 'failed' });
  });

  it('loads a chat from elsewhere and keeps it like an import', async () => {
    const { engine, persistence } = setup();
    const { chat } = await engine.importFile(textFile(CHAT), 'chat.txt', 'text');
    const fromServer = { ...chat, source: { kind: 'server' as const, chat_id: 7 } };
    await engine.load(fromServer);
    expect(persistence.stored?.chat.source).toEqual({ kind: 'server', chat_id: 7 });
  });

  it("searches a server attachment's caption, never its object name", async () => {
    const { engine } = setup();
    const { chat } = await engine.importFile(textFile(CHAT), 'chat.txt', 'text');
    const photo = {
      ...chat.data[1],
      has_attachment: true,
      media_type: 'jpg',
      content: 'u12/3f9a1c/IMG-20220301-WA0001.jpg Sunrise over the station',
      captions: 'Sunrise over the station',
      has_captions: true,
    } as (typeof chat.data)[number];
    await engine.load({
      ...chat,
      data: [chat.data[0], photo],
      source: { kind: 'server', chat_id: 7 },
    } as typeof chat);
    expect(await engine.search('img', 10)).toEqual([]);
    expect(await engine.search('u12', 10)).toEqual([]);
    expect(await engine.search('station', 10)).toEqual([
      { index: 1, start: 17, end: 24, text: 'Sunrise over the station' },
    ]);
  });

  it('runs requests in order: a clear sent right after an import wins', async () => {
    const { engine, persistence } = setup();
    const imported = engine.importFile(textFile(CHAT), 'chat.txt', 'text');
    const cleared = engine.clear();
    await Promise.all([imported, cleared]);
    expect(persistence.stored).toBeNull();
  });

  it('fails pending requests when the worker crashes and starts a new one next time', async () => {
    let ports = 0;
    const engine = createChatEngine(() => {
      ports++;
      const port = createInProcessPort(testDeps());
      if (ports === 1)
        port.postMessage = () =>
          queueMicrotask(() => port.onerror?.(new ErrorEvent('error', { message: 'boom' })));
      return port;
    });
    await expect(engine.restore()).rejects.toMatchObject({ code: 'failed', message: 'boom' });
    expect(await engine.restore()).toBeNull();
    expect(ports).toBe(2);
  });

  it('analyses the loaded chat in the worker, and selects the messages behind a number', async () => {
    const { engine } = setup();
    expect(await engine.analyse({})).toBeNull();
    await engine.importFile(textFile(CHAT), 'chat.txt', 'text');
    const analysis = await engine.analyse({});
    expect(analysis?.totals).toMatchObject({ messages: 4, authors: 2, media: 2 });
    expect(analysis?.system.total).toBe(1);
    expect(await engine.analyse({ from: '2022-03-02' })).toMatchObject({ totals: { messages: 2 } });
    expect(await engine.select({ author: 'Bob' }, {})).toEqual([2, 3]);
    expect(await engine.select({ author: 'Bob' }, { from: '2022-03-02' })).toEqual([3]);
    expect(await engine.select({ systemEvent: 'any' }, {})).toEqual([0]);
    await engine.clear();
    expect(await engine.analyse({})).toBeNull();
    expect(await engine.select({ author: 'Bob' }, {})).toEqual([]);
  });

  it('searches only within the given messages when asked', async () => {
    const { engine } = setup();
    await engine.importFile(textFile(CHAT), 'chat.txt', 'text');
    expect((await engine.search('morning', 10)).map((hit) => hit.index)).toEqual([1, 4]);
    expect((await engine.search('morning', 10, [3, 4])).map((hit) => hit.index)).toEqual([4]);
    expect(await engine.search('morning', 10, [])).toEqual([]);
  });
});

import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cutMarker, MESSAGE_TEXT_MAX } from '@wadesk/chat-export';
import { CHAT_MESSAGES_MAX } from '@wadesk/contract';
import { strToU8, zipSync } from 'fflate';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi } from '../../../test/helpers/chat-api';
import { CHAT_TEXT, exportZip, multipart, TINY_PNG } from '../../../test/helpers/chat-files';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { attachments } from '../../db/schema';
import { MAX_CHAT_TEXT_CHARS } from './parse-upload';

describeWithDatabase('POST /v1/uploadfile/ refuses bad input and stores nothing', (ctx) => {
  const objectsRoot = () => join(ctx.dataDir, 'objects');
  const storedFiles = async () =>
    (await readdir(objectsRoot(), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) =>
      e.isFile(),
    );

  async function expectRefused(
    res: { statusCode: number; json(): unknown },
    status: number,
    message: string | RegExp,
  ) {
    expect(res.statusCode).toBe(status);
    const body = res.json() as { message: string };
    if (typeof message === 'string') expect(body).toEqual({ message });
    else expect(body.message).toMatch(message);
    expect(await ctx.count(attachments)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  }

  it('refuses a file over the 4 MB limit with 413', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const big = new Uint8Array(4 * 1024 * 1024 + 1).fill(0x61);
    await expectRefused(await api.upload('chat.txt', big), 413, 'The file is larger than the 4 MB limit.');
  });

  it('honours UPLOAD_LIMIT_BYTES', async () => {
    const app = await ctx.buildApp({ uploadLimitBytes: 2048 });
    const api = chatApi(app, await signUp(app));
    await expectRefused(
      await api.upload('chat.txt', new Uint8Array(3000).fill(0x61)),
      413,
      'The file is larger than the 2 KB limit.',
    );
    expect((await api.upload('chat.txt', strToU8('12/01/2024, 09:16 - Alice: hi\n'))).statusCode).toBe(200);
  });

  it.each([
    ['chat.rar', exportZip(), 'Only .txt or .zip chat exports are supported.'],
    ['chat.7zip', exportZip(), 'Only .txt or .zip chat exports are supported.'],
    ['photo.png', TINY_PNG, 'Only .txt or .zip chat exports are supported.'],
    ['chat.zip', strToU8(CHAT_TEXT), 'This file is named .zip but is not a zip archive.'],
    ['chat.txt', exportZip(), 'This file is named .txt but is not a UTF-8 text file.'],
    ['chat.txt', TINY_PNG, 'This file is named .txt but is not a UTF-8 text file.'],
  ])('refuses %s with the wrong content type (415)', async (name, bytes, message) => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    await expectRefused(await api.upload(name, bytes), 415, message);
  });

  it('refuses an empty file and a text without messages', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    await expectRefused(await api.upload('chat.txt', new Uint8Array()), 400, 'The file is empty.');
    await expectRefused(
      await api.upload('chat.txt', strToU8('just some notes\n')),
      400,
      'No WhatsApp messages were found in this file.',
    );
  });

  it('refuses a zip without a chat text, with the reader’s message', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const zip = zipSync({ 'IMG-20240112-WA0001.jpg': TINY_PNG });
    await expectRefused(await api.upload('chat.zip', zip), 400, /^The zip holds no chat text file \(\.txt\)/);
  });

  it('refuses a small zip whose chat text is far longer than any chat (413)', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const line = '12/01/2024, 09:16 - Alice: the same words again and again\n';
    const text = line.repeat(Math.ceil((MAX_CHAT_TEXT_CHARS + 1) / line.length));
    const zip = zipSync({ 'WhatsApp Chat.txt': strToU8(text) }, { level: 9 });
    expect(zip.length).toBeLessThan(4 * 1024 * 1024);
    await expectRefused(
      await api.upload('chat.zip', zip),
      413,
      'The chat text in this file is too long: a chat can hold at most 50,000 messages.',
    );
  });

  it('cuts a message over the one maximum length with a marker, instead of failing after storing its media', async () => {
    // An app with storage of its own: this upload succeeds and stores media, which the others must not see.
    const app = await ctx.buildApp({ dataDir: mkdtempSync(join(tmpdir(), 'wadesk-long-')) });
    const api = chatApi(app, await signUp(app));
    const long = `12/01/2024, 09:22 - Alice: ${'w'.repeat(MESSAGE_TEXT_MAX + 10_000)}`;
    const response = await api.upload('chat.zip', exportZip({}, `${CHAT_TEXT}\n${long}`));
    expect(response.statusCode).toBe(200);
    const last = response.json().data.at(-1);
    expect(last.content).toBe('w'.repeat(MESSAGE_TEXT_MAX) + cutMarker());
    // The same chat saves: the cut message fits the saved-chat schema too.
    const saved = await api.save({ chat_name: 'Long', data: response.json().data });
    expect(saved.statusCode).toBe(201);
  });

  it('refuses a chat of more messages than can be saved (413)', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const text = '1/1/24, 9:16 - A: x\n'.repeat(CHAT_MESSAGES_MAX + 1);
    const zip = zipSync({ 'WhatsApp Chat.txt': strToU8(text) }, { level: 9 });
    await expectRefused(await api.upload('chat.zip', zip), 413, 'A chat can hold at most 50,000 messages.');
  });

  it('refuses a damaged zip', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const zip = exportZip().slice(0, 200);
    await expectRefused(
      await api.upload('chat.zip', zip),
      400,
      'The zip file is damaged or is not a zip file.',
    );
  });

  it('refuses a zip bomb by its declared size before unpacking (413)', async () => {
    const app = await ctx.buildApp({ uploadLimitBytes: 64 * 1024 }); // may unpack to 2 MB
    const api = chatApi(app, await signUp(app));
    const bomb = zipSync({
      'WhatsApp Chat.txt': strToU8(CHAT_TEXT),
      'IMG-20240112-WA0001.jpg': new Uint8Array(3 * 1024 * 1024),
    });
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expectRefused(
      await api.upload('chat.zip', bomb),
      413,
      /^The zip unpacks to 4 MB; at most 2 MB are allowed\./,
    );
  });

  it('refuses a zip bomb that lies about its size, removing media stored before it', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const zip = exportZip({ 'IMG-20240112-WA0004.jpg': new Uint8Array(1024 * 1024) });
    // Declare the zeros entry (the last one) as 100 bytes in the central directory.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let central = -1;
    for (let at = zip.length - 22; at >= 0; at--) {
      if (view.getUint32(at, true) === 0x02014b50) {
        central = at;
        break;
      }
    }
    view.setUint32(central + 24, 100, true);
    const res = await api.upload('chat.zip', zip);
    await expectRefused(
      res,
      413,
      /unpacks to more than the 100 bytes the zip declares; the zip looks like a zip bomb/,
    );
  });

  it('refuses a chat text that lies about its size, and reads an empty one as a chat without messages', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const lying = zipSync({ 'WhatsApp Chat.txt': strToU8(CHAT_TEXT) }, { level: 9 });
    const view = new DataView(lying.buffer, lying.byteOffset, lying.byteLength);
    const central = lying.length - 22 - 46 - 'WhatsApp Chat.txt'.length; // its one directory entry
    expect(view.getUint32(central, true)).toBe(0x02014b50);
    view.setUint32(central + 24, 100, true);
    await expectRefused(
      await api.upload('chat.zip', lying),
      413,
      /unpacks to more than the 100 bytes the zip declares; the zip looks like a zip bomb/,
    );
    const empty = zipSync({ 'WhatsApp Chat.txt': new Uint8Array(0) }, { level: 9 });
    await expectRefused(
      await api.upload('chat.zip', empty),
      400,
      'No WhatsApp messages were found in this file.',
    );
  });

  it('ignores zip entries with .. or absolute paths and never writes outside the storage root', async () => {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    const text = `${CHAT_TEXT}12/01/2024, 09:22 - Bob: evil.jpg (file attached)\n`;
    const zip = zipSync({
      'WhatsApp Chat with Bob.txt': strToU8(text),
      '../evil.jpg': TINY_PNG,
      '../../evil.jpg': TINY_PNG,
      '/tmp/evil.jpg': TINY_PNG,
      'C:/evil.jpg': TINY_PNG,
      'media/../../evil.jpg': TINY_PNG,
    });
    const res = await api.upload('chat.zip', zip);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.at(-1)).toMatchObject({
      has_attachment: false,
      content: 'evil.jpg (file attached)',
    });
    expect(await storedFiles()).toEqual([]);
    for (const folder of [ctx.dataDir, dirname(ctx.dataDir), objectsRoot()]) {
      expect(await readdir(folder).catch(() => [])).not.toContain('evil.jpg');
    }
  });

  it('refuses requests that are not a multipart upload of file_uploaded', async () => {
    const user = await signUp(ctx.app);
    const send = (headers: Record<string, string>, payload: string | Buffer) =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/uploadfile/',
        headers: { ...user.headers, ...headers },
        payload,
      });
    const missing = 'Attach the chat export (.txt or .zip) as the file_uploaded field.';

    const onlyField = multipart([], { note: 'hello' });
    await expectRefused(await send(onlyField.headers, onlyField.payload), 400, missing);
    const otherField = multipart([{ field: 'file', fileName: 'chat.zip', bytes: exportZip() }]);
    await expectRefused(await send(otherField.headers, otherField.payload), 400, missing);

    const truncated = multipart([{ fileName: 'chat.zip', bytes: exportZip() }]);
    await expectRefused(
      await send(truncated.headers, truncated.payload.subarray(0, 300)),
      400,
      'The upload is not a valid multipart/form-data request.',
    );
    await expectRefused(
      await send({ 'content-type': 'multipart/form-data' }, 'no boundary'),
      400,
      'The upload is not a valid multipart/form-data request.',
    );
    await expectRefused(
      await send({ 'content-type': 'application/json' }, '{"file_uploaded":"x"}'),
      415,
      'Send the chat export as multipart/form-data in the file_uploaded field.',
    );
    const plain = await send({ 'content-type': 'text/plain' }, 'hello');
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toHaveProperty('message');
  });

  it('uses only the first file of a multi-file upload', async () => {
    const user = await signUp(ctx.app);
    const form = multipart([
      { fileName: 'chat.txt', bytes: strToU8('12/01/2024, 09:16 - Alice: first\n') },
      { fileName: 'other.txt', bytes: strToU8('12/01/2024, 09:16 - Bob: second\n') },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/uploadfile/',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { content: string }) => m.content)).toEqual(['first']);
  });
});

import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { expect, it } from 'vitest';
import { signUp } from '../../../test/helpers/auth';
import { chatApi } from '../../../test/helpers/chat-api';
import { CHAT_TEXT } from '../../../test/helpers/chat-files';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { attachments } from '../../db/schema';
import { mediaRatioMessages } from './media-ratio';

const PHOTO = 'IMG-20240112-WA0001.jpg';
const VOICE = 'PTT-20240112-WA0002.opus';
const DOC = 'DOC-20240112-WA0003.pdf';

describeWithDatabase('POST /v1/uploadfile/ refuses media that unpack implausibly', (ctx) => {
  // The suite's storage folder outlives each test's tables: compare with what was there before.
  let before: string[] = [];
  const storedFiles = async () =>
    (await readdir(join(ctx.dataDir, 'objects'), { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => !before.includes(path));

  async function upload(zip: Uint8Array) {
    const api = chatApi(ctx.app, await signUp(ctx.app));
    before = [];
    before = await storedFiles();
    return api.upload('chat.zip', zip);
  }

  it('refuses a zero-filled "photo" (1000 to 1), naming it, and stores nothing of the upload', async () => {
    const zip = zipSync(
      {
        'WhatsApp Chat with Bob.txt': strToU8(CHAT_TEXT),
        [PHOTO]: new Uint8Array(2 * 1024 * 1024),
        [VOICE]: randomBytes(50_000),
      },
      { level: 9 },
    );
    expect(zip.length).toBeLessThan(60_000);
    const res = await upload(zip);
    expect(res.statusCode).toBe(413);
    const { message } = res.json();
    expect(message).toMatch(/^"IMG-20240112-WA0001\.jpg" unpacks to [\d,]+ times its size in the zip\. /);
    expect(message).toContain('at most 4 times is accepted');
    expect(message).toContain('Nothing from this upload was stored.');
    expect(await ctx.count(attachments)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('stores real media, and a document that compresses as text does', async () => {
    const photo = randomBytes(300_000);
    // A PDF of plain text deflates far more than a photo may (here about 6 to 1), and is accepted.
    const lines = Array.from(
      { length: 4000 },
      (_, i) =>
        `BT /F1 12 Tf 72 ${712 - (i % 50) * 14} Td (Item ${i}: ${(i * 7919) % 100_000} units) Tj ET\n`,
    );
    const pdf = strToU8(`%PDF-1.4\n${lines.join('')}`);
    const zip = zipSync(
      { 'WhatsApp Chat with Bob.txt': strToU8(CHAT_TEXT), [PHOTO]: photo, [DOC]: pdf },
      { level: 9 },
    );
    const res = await upload(zip);
    expect(res.statusCode).toBe(200);
    expect(await ctx.count(attachments)).toBe(2);
    expect((await storedFiles()).map((path) => basename(path)).sort()).toEqual([DOC, PHOTO]);
  });

  it('refuses a document past the general cap (100 to 1)', async () => {
    const zip = zipSync(
      { 'WhatsApp Chat with Bob.txt': strToU8(CHAT_TEXT), [DOC]: new Uint8Array(4 * 1024 * 1024) },
      { level: 9 },
    );
    const res = await upload(zip);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^"DOC-20240112-WA0003\.pdf" unpacks to [\d,]+ times its size/);
    expect(res.json().message).toContain('at most 100 times is accepted');
    expect(await ctx.count(attachments)).toBe(0);
  });

  it('refuses files that claim the same packed bytes (each looks like a real photo)', async () => {
    const photo = randomBytes(200_000);
    const zip = zipSync(
      { 'WhatsApp Chat with Bob.txt': strToU8(CHAT_TEXT), [PHOTO]: photo, [VOICE]: strToU8('tiny') },
      { level: 0 },
    );
    // Point the voice note's directory entry at the photo's data: two files, one set of bytes.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const central: number[] = [];
    for (let at = 0; at + 4 <= zip.length; at++)
      if (view.getUint32(at, true) === 0x02014b50) central.push(at);
    const [, photoEntry, voiceEntry] = central as [number, number, number];
    for (const field of [16, 20, 24, 42]) {
      view.setUint32(voiceEntry + field, view.getUint32(photoEntry + field, true), true); // crc, sizes, offset
    }
    const res = await upload(zip);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: mediaRatioMessages.overlapping });
    expect(await ctx.count(attachments)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });
});

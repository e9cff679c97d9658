import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { encryptedStream, proto, type WAMessage } from 'baileys';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapGroupMessage } from '../mapping/to-group-message';
import { png } from '../simulator/sample-media';
import { downloadWaMedia } from './media';

const logger = pino({ level: 'silent' });

// Real WhatsApp media encryption (Baileys' encryptedStream) served from loopback, decrypted by our
// download path: the same code that runs against WhatsApp's CDN, offline (decision 0015 §3).
describe('downloadWaMedia', () => {
  const original = png(64, 48, [22, 163, 74]);
  let server: ReturnType<typeof createServer>;
  let url = '';
  let encrypted: Awaited<ReturnType<typeof encryptedStream>>;

  beforeAll(async () => {
    encrypted = await encryptedStream(original, 'image', { logger });
    const body = await readFile(encrypted.encFilePath);
    server = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/enc`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(encrypted.encFilePath, { force: true });
  });

  const message = (mediaKey: Buffer): WAMessage =>
    proto.WebMessageInfo.fromObject({
      key: {
        remoteJid: '120363000000000001@g.us',
        id: 'MEDIA1',
        fromMe: false,
        participant: '4917000000001@s.whatsapp.net',
      },
      messageTimestamp: 1_700_000_000,
      message: {
        imageMessage: {
          url,
          mediaKey,
          mimetype: 'image/png',
          fileSha256: encrypted.fileSha256,
          fileEncSha256: encrypted.fileEncSha256,
          fileLength: encrypted.fileLength,
        },
      },
    }) as WAMessage;

  it('decrypts a real encrypted image byte for byte, also after the round trip through our stored JSON', async () => {
    const direct = await downloadWaMedia(message(encrypted.mediaKey), { logger });
    expect(direct.mimetype).toBe('image/png');
    expect(Buffer.compare(await buffer(direct.stream), original)).toBe(0);

    // What downloadMedia does later: revive the message from the raw JSON we stored at ingest.
    const mapped = mapGroupMessage(message(encrypted.mediaKey));
    if (mapped.kind !== 'message') throw new Error('expected a message');
    const revived = proto.WebMessageInfo.fromObject(
      JSON.parse(JSON.stringify(mapped.message.raw)),
    ) as WAMessage;
    expect(Buffer.compare(await buffer((await downloadWaMedia(revived, { logger })).stream), original)).toBe(
      0,
    );
  });

  it('fails on a wrong media key instead of returning garbage', async () => {
    // The stream fails (so object storage completes nothing) rather than the call: it has started by then.
    const { stream } = await downloadWaMedia(message(Buffer.alloc(32, 7)), { logger });
    await expect(buffer(stream)).rejects.toThrow(/bad decrypt/);
  });
});

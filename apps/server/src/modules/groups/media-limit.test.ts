import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { downloadMediaResponse } from '@wadesk/contract';
import { encryptedStream, proto, type WAMessage } from 'baileys';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../../test/helpers/auth';
import { describeWithDatabase } from '../../../test/helpers/describe-each-database';
import { startTestS3, type TestS3 } from '../../../test/helpers/s3-server';
import { testConfig } from '../../../test/helpers/test-config';
import { eventually, linkScriptedSynced, post, scriptedWhatsApp } from '../../../test/helpers/whatsapp';
import { systemClock } from '../../clock';
import { waMessages } from '../../db/schema';
import { createS3Storage } from '../../storage/s3-storage';
import type { StorageConfig } from '../../storage/storage-config';

// Media downloads through the whole server and the real Baileys driver over the scripted socket, from a
// loopback "CDN" serving files encrypted with Baileys' own encryptedStream (decision 0015 §3): the size
// limit (MEDIA_MAX_BYTES) by the message's fileLength before anything is fetched, and by the bytes that
// actually come when fileLength lies; the download goes into object storage as it arrives.
const SUPPORT = '120363000000000001@g.us';
const CARLA = '4915112345678@s.whatsapp.net';
const MB = 1024 * 1024;
const LIMIT = 8 * MB;

describeWithDatabase('media size limit and streamed downloads (Baileys driver)', (ctx) => {
  const files = { medium: randomBytes(6 * MB), large: randomBytes(9 * MB) }; // medium: > one S3 part
  const encrypted: Record<string, Awaited<ReturnType<typeof encryptedStream>>> = {};
  const fetched: string[] = [];
  /** CDN responses whose connection the server has not yet seen closed. */
  let open = 0;
  let cdn: ReturnType<typeof createServer>;
  let base = '';
  let s3: TestS3;

  beforeAll(async () => {
    const bodies: Record<string, Buffer> = {};
    for (const [name, bytes] of Object.entries(files)) {
      encrypted[name] = await encryptedStream(bytes, 'document', { logger: pino({ level: 'silent' }) });
      bodies[`/${name}`] = await readFile(encrypted[name].encFilePath);
    }
    cdn = createServer((request, response) => {
      fetched.push(request.url ?? '');
      open += 1;
      response.once('close', () => {
        open -= 1;
      });
      const body = bodies[request.url ?? ''];
      // The large file's response never ends: a download cut off before its end must close the connection
      // itself (a finished response would say nothing about the client).
      if (body && request.url === '/large') response.writeHead(200).write(body);
      else if (body) response.writeHead(200).end(body);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    s3 = await startTestS3('wadesk-media-limit');
  });
  afterAll(async () => {
    cdn.closeAllConnections();
    await new Promise((resolve) => cdn.close(resolve));
    await s3.close();
    for (const file of Object.values(encrypted)) await rm(file.encFilePath, { force: true });
  });

  let counter = 0;
  /** A document as WhatsApp delivers it; `fileLength` is whatever the sender's client wrote. */
  function document(file: keyof typeof files, fileLength: number): WAMessage {
    counter += 1;
    const { mediaKey, fileSha256, fileEncSha256 } = encrypted[file] ?? {};
    return proto.WebMessageInfo.fromObject({
      key: { remoteJid: SUPPORT, fromMe: false, id: `3EB0MEDIA${counter}`, participant: CARLA },
      messageTimestamp: 1_700_000_000 + counter,
      pushName: 'Carla',
      message: {
        documentMessage: {
          url: `${base}/${file}`,
          mimetype: 'application/octet-stream',
          fileName: `${file}.bin`,
          mediaKey,
          fileSha256,
          fileEncSha256,
          fileLength,
        },
      },
    }) as WAMessage;
  }

  for (const driver of ['local', 's3'] as const) {
    describe(`${driver} storage`, () => {
      const storageConfig = (): StorageConfig | undefined => (driver === 's3' ? s3.storage : undefined);

      async function linked(history: WAMessage[]) {
        const { wa, whatsapp } = scriptedWhatsApp();
        const storage = storageConfig();
        const app = await ctx.buildApp(
          { whatsappDriver: 'baileys', mediaMaxBytes: LIMIT, ...(storage ? { storage } : {}) },
          { whatsapp },
        );
        const owner = await signUpVerified(app);
        const { sessionId } = await linkScriptedSynced(app, owner, wa, history);
        await eventually(
          async () =>
            (await ctx.db.$count(waMessages, eq(waMessages.sessionId, sessionId))) === history.length,
          5_000,
          'the history stored',
        );
        /** Every file kept for the session: on local disk also a put's temporary files. */
        const objects = async () => {
          const prefix = `whatsapp-media/${sessionId}/`;
          const names: string[] = [];
          if (storage?.kind === 's3') {
            for await (const object of createS3Storage(storage, systemClock).list(prefix))
              names.push(object.name);
            return names;
          }
          const local = testConfig({ dataDir: ctx.dataDir }).storage;
          if (local.kind !== 'local') throw new Error('expected local storage');
          const files = await readdir(join(local.root, prefix)).catch(() => []);
          return files.map((file) => `${prefix}${file}`);
        };
        const download = (message: WAMessage) =>
          post(app, owner, '/api/downloadMedia/', {
            session_id: sessionId,
            chat_id: SUPPORT,
            message_id: message.key.id,
          });
        const mediaObject = async (message: WAMessage) =>
          (
            await ctx.db
              .select({ object: waMessages.mediaObject })
              .from(waMessages)
              .where(and(eq(waMessages.sessionId, sessionId), eq(waMessages.waId, message.key.id ?? '')))
          )[0]?.object;
        return { download, objects, mediaObject };
      }

      it('refuses media its message declares larger than the limit, before fetching anything', async () => {
        const declared = document('large', 20 * MB);
        const { download, objects, mediaObject } = await linked([declared]);
        fetched.length = 0;
        expect(await download(declared)).toMatchObject({
          status: 413,
          body: {
            message:
              'This media is 20 MB, larger than the 8 MB this server downloads from WhatsApp. Open it on the phone instead.',
          },
        });
        expect(fetched).toEqual([]);
        expect(await objects()).toEqual([]);
        expect(await mediaObject(declared)).toBeNull();
      });

      it('cuts a download off when more bytes come than the limit, whatever fileLength said', async () => {
        const lying = document('large', 1 * MB);
        const { download, objects, mediaObject } = await linked([lying]);
        fetched.length = 0;
        expect(await download(lying)).toMatchObject({
          status: 413,
          body: {
            message:
              'This media is larger than the 8 MB this server downloads from WhatsApp. Open it on the phone instead.',
          },
        });
        expect(fetched).toEqual(['/large']);
        // The CDN's response is closed with the download, not left open and paused behind it.
        await eventually(() => open === 0, 5_000, 'the CDN connection closed');
        expect(await objects()).toEqual([]); // nothing kept, not even part of it
        expect(await mediaObject(lying)).toBeNull();
      });

      it('streams media within the limit into storage and answers it whole, in the specified shape', async () => {
        const medium = document('medium', files.medium.length);
        const { download, objects, mediaObject } = await linked([medium]);
        const first = await download(medium);
        expect(first.status).toBe(200);
        const answer = downloadMediaResponse.parse(first.body);
        expect(answer).toMatchObject({
          success: true,
          messageMedia: { mimetype: 'application/octet-stream', filename: 'medium.bin' },
        });
        expect(Buffer.from(answer.messageMedia.data, 'base64').equals(files.medium)).toBe(true);
        expect(await objects()).toEqual([await mediaObject(medium)]);

        // Later requests are answered from storage.
        fetched.length = 0;
        const again = downloadMediaResponse.parse((await download(medium)).body);
        expect(again.messageMedia.data).toBe(answer.messageMedia.data);
        expect(fetched).toEqual([]);
      });
    });
  }
});

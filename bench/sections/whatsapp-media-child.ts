// Child process of the whatsapp-media section: downloads one encrypted media file from a loopback "CDN"
// and prints the process's peak memory above its starting point as one JSON line.
// `tsx --expose-gc whatsapp-media-child.ts <streamed|whole> <megabytes>`
//   streamed: the server's path now: the Baileys driver's download stream, the size cap, object storage
//             (local disk), then POST /api/downloadMedia/'s answer written from storage (phone-access.ts,
//             media.service.ts, media-answer.ts), the answer's bytes counted and dropped as a socket would.
//   whole:    what the server did before: Baileys' 'buffer' download, the file put whole, read back whole
//             and turned into one base64 string for the JSON answer.
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline, Readable, Writable } from 'node:stream';
import { pipeline as pipelineDone } from 'node:stream/promises';
import { downloadMediaMessage, encryptedStream, proto, type WAMessage } from 'baileys';
import pino from 'pino';
import { mediaAnswer } from '../../apps/server/src/modules/groups/media-answer';
import { createLocalStorage } from '../../apps/server/src/storage/local-storage';
import { createBaileysDriver } from '../../apps/server/src/whatsapp/baileys/baileys-driver';
import { byteCap } from '../../apps/server/src/whatsapp/media-size';

const [mode = 'streamed', megabytesText = '64'] = process.argv.slice(2);
const size = Number(megabytesText) * 1024 * 1024;
const CAP = 100 * 1024 * 1024; // MEDIA_MAX_BYTES' default
const logger = pino({ level: 'silent' });
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** `size` bytes that are not all alike, made as they are read. */
function content(): Readable {
  let made = 0;
  return new Readable({
    read() {
      if (made >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(256 * 1024, size - made), made / (256 * 1024));
      made += chunk.length;
      this.push(chunk);
    },
  });
}

const work = await mkdtemp(join(tmpdir(), 'wadesk-bench-media-'));
const encrypted = await encryptedStream({ stream: content() }, 'document', { logger });
const cdn = createServer((_request, response) => {
  response.writeHead(200);
  createReadStream(encrypted.encFilePath).pipe(response);
});
await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
const message = proto.WebMessageInfo.fromObject({
  key: {
    remoteJid: '120363000000000001@g.us',
    id: 'BENCHMEDIA',
    participant: '4915100000000@s.whatsapp.net',
  },
  messageTimestamp: 1_700_000_000,
  message: {
    documentMessage: {
      url: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/media`,
      mimetype: 'application/octet-stream',
      fileName: 'large.bin',
      mediaKey: encrypted.mediaKey,
      fileSha256: encrypted.fileSha256,
      fileEncSha256: encrypted.fileEncSha256,
      fileLength: encrypted.fileLength,
    },
  },
}) as WAMessage;
const storage = createLocalStorage({
  root: join(work, 'objects'),
  signingSecret: 's'.repeat(32),
  clock: () => new Date(),
});
const driver = createBaileysDriver({ logger, connectTimeoutMs: 1_000, keepAliveIntervalMs: 1_000 });

/** Counts the answer's bytes and keeps none, as a client's socket does. */
function client(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

async function streamed(): Promise<number> {
  const media = await driver.downloadMedia(message);
  await storage.put(
    'whatsapp-media/bench',
    pipeline(media.stream, byteCap(CAP), () => {}),
    {
      contentType: media.mimetype,
    },
  );
  const answer = client();
  const file = {
    mimetype: media.mimetype,
    filename: media.filename,
    stream: await storage.get('whatsapp-media/bench'),
  };
  await pipelineDone(mediaAnswer(file), answer);
  return answer.bytes;
}

async function whole(): Promise<number> {
  const data = await downloadMediaMessage(message, 'buffer', {});
  await storage.put('whatsapp-media/bench', data, {
    contentType: 'application/octet-stream',
    size: data.length,
  });
  const read = await readFile(join(work, 'objects', 'whatsapp-media/bench'));
  const body = JSON.stringify({
    success: true,
    messageMedia: {
      mimetype: 'application/octet-stream',
      data: read.toString('base64'),
      filename: 'large.bin',
    },
  });
  return Buffer.byteLength(body);
}

gc();
await new Promise((resolve) => setTimeout(resolve, 100));
gc();
const start = process.memoryUsage();
let peakRss = start.rss;
// What the process holds at its peak: the heap and the buffers outside it, above the start, each read right
// after a full collection (every 100 ms), so garbage waiting for the collector is not counted as held.
let peakHeld = 0;
const sample = () => {
  gc();
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeld = Math.max(peakHeld, now.heapUsed + now.external - start.heapUsed - start.external);
};
const sampler = setInterval(sample, 100);
const started = performance.now();
const answered = mode === 'whole' ? await whole() : await streamed();
clearInterval(sampler);
const ms = performance.now() - started;
cdn.close();
await rm(work, { recursive: true, force: true });
await rm(encrypted.encFilePath, { force: true });
console.log(JSON.stringify({ mode, size, answered, ms, rssDelta: peakRss - start.rss, heldDelta: peakHeld }));

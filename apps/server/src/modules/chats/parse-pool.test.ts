import { gunzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { createParsePool, type ParsePool, serverBusy, tooBigToRead } from './parse-pool';
import type { PreparedUpload } from './prepare-upload';
import { shareBytes } from './read-media';

const line = '12/01/2024, 10:00 - Mallory: the same words again and again, a long line of chat\n';

/** The number of messages in a prepared upload's answer. */
const totalOf = (prepared: PreparedUpload | undefined) =>
  prepared?.ok ? JSON.parse(gunzipSync(prepared.answer).toString()).total_msgs : null;

describe('parse pool limits', () => {
  let pool: ParsePool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('answers 503 at once for tasks past the queue, and runs the ones it took', async () => {
    pool = createParsePool({ threads: 1, queueMax: 1, workerHeapMb: 512, log: console });
    const input = {
      fileName: 'chat.txt',
      bytes: strToU8(line.repeat(2000)),
      maxUnpackedBytes: 1e8,
      userId: 1,
    };
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => pool?.prepareUpload(input)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ statusCode: 503, message: serverBusy });
    }
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done.length).toBeGreaterThan(0);
    for (const r of done) expect(totalOf(r.value)).toBe(2000);
  });

  it('a file needing more than a worker’s heap answers 413, and the next task runs', async () => {
    pool = createParsePool({ threads: 1, queueMax: 8, workerHeapMb: 32, log: console });
    // 30,000 messages of 24 lines each: 31 MB of text whose lines the parser joins into new strings.
    const message = `${line}${'and then it went on over a further line\n'.repeat(23)}`;
    const text = message.repeat(30_000);
    const failed = pool.prepareUpload({
      fileName: 'chat.txt',
      bytes: strToU8(text),
      maxUnpackedBytes: 1e9,
      userId: 1,
    });
    await expect(failed).rejects.toMatchObject({ statusCode: 413, message: tooBigToRead });
    const small = { fileName: 'chat.txt', bytes: strToU8(line.repeat(3)), maxUnpackedBytes: 1e8, userId: 1 };
    expect(totalOf(await pool.prepareUpload(small))).toBe(3);
  }, 60_000);

  it('reads a media file of a shared zip in a worker, bytes intact', async () => {
    pool = createParsePool({ threads: 1, queueMax: 8, workerHeapMb: 512, log: console });
    const photo = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
    const zip = shareBytes(
      zipSync({ 'WhatsApp Chat.txt': strToU8(line), 'IMG-20240112-WA0001.jpg': photo }, { level: 6 }),
    );
    const bytes = await pool.readMedia({ zip, name: 'IMG-20240112-WA0001.jpg', maxUnpackedBytes: 1e8 });
    expect(bytes).toEqual(photo);
    // A refusal comes back as the user's words: the error's class does not cross the thread.
    const refused = await pool.readMedia({ zip, name: 'IMG-20240112-WA0001.jpg', maxUnpackedBytes: 1000 });
    expect(refused).toMatchObject({
      ok: false,
      status: 413,
      message: expect.stringMatching(/^The zip unpacks to/),
    });
  });
});

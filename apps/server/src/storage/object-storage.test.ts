import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../test/helpers/fake-clock';
import { startTestS3, type TestS3 } from '../../test/helpers/s3-server';
import { createStorage } from './create-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { ObjectNotFoundError, type ObjectStorage, type StoredObject } from './storage';

const clock = createFakeClock();
const BYTES = new TextEncoder().encode('0123456789abcdefghij');
let s3: TestS3;
let root: string;

beforeAll(async () => {
  s3 = await startTestS3();
  root = await mkdtemp(join(tmpdir(), 'wadesk-objects-'));
});
afterAll(async () => {
  await s3.close();
  await rm(root, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStorage][] = [
  ['local', () => createLocalStorage({ root, signingSecret: 's'.repeat(32), clock })],
  ['s3', () => createS3Storage(s3.storage, clock)],
];

describe.each(drivers)('%s object storage', (_name, open) => {
  it('puts, heads, gets (whole and ranges) and deletes', async () => {
    const storage = open();
    const name = 'u1/AAAAAAAAAAAAAAAAAAAAAA/file.txt';
    await storage.put(name, BYTES, { contentType: 'text/plain', size: BYTES.length });
    expect(await storage.head(name)).toEqual({ size: 20 });
    expect(await text(await storage.get(name))).toBe('0123456789abcdefghij');
    expect(await text(await storage.get(name, { start: 0, end: 9 }))).toBe('0123456789');
    expect(await text(await storage.get(name, { start: 15, end: 19 }))).toBe('fghij');
    await storage.delete([name, 'u1/AAAAAAAAAAAAAAAAAAAAAA/never-stored.txt']);
    expect(await storage.head(name)).toBeNull();
    await expect(storage.get(name)).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('accepts a stream', async () => {
    const storage = open();
    const name = 'u2/BBBBBBBBBBBBBBBBBBBBBB/stream.bin';
    await storage.put(name, Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
      contentType: 'application/octet-stream',
      size: 6,
    });
    expect(await text(await storage.get(name))).toBe('abcdef');
    await storage.delete([name]);
  });

  // A download from WhatsApp is stored as it arrives: its length is not known before the end (the
  // message's fileLength may lie), and it is never held whole in memory.
  it('stores a stream of unknown length, larger than one S3 part', async () => {
    const storage = open();
    const name = 'u8/JJJJJJJJJJJJJJJJJJJJJJ/large.bin';
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.alloc(1024 * 1024, i + 1)); // 12 MB
    await storage.put(name, Readable.from(chunks), { contentType: 'application/octet-stream' });
    expect(await storage.head(name)).toEqual({ size: 12 * 1024 * 1024 });
    expect((await buffer(await storage.get(name))).equals(Buffer.concat(chunks))).toBe(true);
    await storage.delete([name]);
  });

  it('stores nothing of a stream that fails part way, also past the first S3 part', async () => {
    const storage = open();
    const name = 'u9/KKKKKKKKKKKKKKKKKKKKKK/cut.bin';
    async function* cut() {
      for (let i = 0; i < 7; i++) yield Buffer.alloc(1024 * 1024, i);
      throw new Error('the download broke off');
    }
    await expect(
      storage.put(name, Readable.from(cut()), { contentType: 'application/octet-stream' }),
    ).rejects.toThrow('the download broke off');
    expect(await storage.head(name)).toBeNull();
    const listed: string[] = [];
    for await (const object of storage.list('u9/')) listed.push(object.name);
    expect(listed).toEqual([]);
  });

  it('lists the objects under a prefix with their size and when they were written', async () => {
    const storage = open();
    const names = ['u5/EEEEEEEEEEEEEEEEEEEEEE/a.txt', 'u5/FFFFFFFFFFFFFFFFFFFFFF/b.txt'];
    const elsewhere = 'u50/GGGGGGGGGGGGGGGGGGGGGG/c.txt';
    const before = Date.now() - 2_000; // s3rver and the file system keep whole seconds
    for (const name of [...names, elsewhere]) {
      await storage.put(name, BYTES, { contentType: 'text/plain', size: BYTES.length });
    }
    const listed: StoredObject[] = [];
    for await (const object of storage.list('u5/')) listed.push(object);
    expect(listed.map((object) => object.name).sort()).toEqual(names);
    for (const object of listed) {
      expect(object.size).toBe(BYTES.length);
      expect(object.lastModified.getTime()).toBeGreaterThanOrEqual(before);
      expect(object.lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    }
    const all: string[] = [];
    for await (const object of storage.list()) all.push(object.name);
    expect(all).toEqual(expect.arrayContaining([...names, elsewhere]));
    await storage.delete([...names, elsewhere]);
    for await (const object of storage.list('u5')) expect.unreachable(object.name);
  });

  it.each([
    '../escape.txt',
    'u1/../../escape.txt',
    '/etc/passwd',
    'u1//x',
    'u1/./x',
    'u1\\..\\x',
    '.hidden',
    'u1/x y',
    '',
  ])('refuses the unsafe name %o for every operation', async (name) => {
    const storage = open();
    await expect(storage.put(name, BYTES, { contentType: 'text/plain', size: 20 })).rejects.toThrow(/Unsafe/);
    await expect(storage.head(name)).rejects.toThrow(/Unsafe/);
    await expect(storage.get(name)).rejects.toThrow(/Unsafe/);
    await expect(storage.delete([name])).rejects.toThrow(/Unsafe/);
    await expect(storage.signedUrl(name, { expiresInSeconds: 60 })).rejects.toThrow(/Unsafe/);
  });
});

it('createStorage picks the driver from the config', async () => {
  expect((await createStorage({ kind: 'local', root, signingSecret: 's'.repeat(32) }, clock)).kind).toBe(
    'local',
  );
  expect((await createStorage(s3.storage, clock)).kind).toBe('s3');
});

describe('local object storage on disk', () => {
  it('keeps every file under its root and removes emptied folders', async () => {
    const storage = drivers[0]?.[1]() as ObjectStorage;
    const name = 'u3/CCCCCCCCCCCCCCCCCCCCCC/a.txt';
    await storage.put(name, BYTES, { contentType: 'text/plain', size: 20 });
    expect(await readFile(join(root, name), 'utf8')).toBe('0123456789abcdefghij');
    expect(await readdir(join(root, 'u3/CCCCCCCCCCCCCCCCCCCCCC'))).toEqual(['a.txt']); // no temp file left
    await storage.delete([name]);
    expect(await readdir(root)).not.toContain('u3');
  });

  it('lists no temporary files, and removes those last written before a time', async () => {
    const storage = drivers[0]?.[1]() as ObjectStorage;
    const folder = join(root, 'u6/HHHHHHHHHHHHHHHHHHHHHH');
    const name = 'u6/HHHHHHHHHHHHHHHHHHHHHH/kept.txt';
    await storage.put(name, BYTES, { contentType: 'text/plain', size: 20 });
    await writeFile(join(folder, '.partial-0000000000000000'), 'half');
    await writeFile(join(folder, '.partial-1111111111111111'), 'half');
    await mkdir(join(root, 'u7/IIIIIIIIIIIIIIIIIIIIII'), { recursive: true });
    await writeFile(join(root, 'u7/IIIIIIIIIIIIIIIIIIIIII/.partial-2222222222222222'), 'half');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(join(folder, '.partial-0000000000000000'), hourAgo, hourAgo);
    await utimes(join(root, 'u7/IIIIIIIIIIIIIIIIIIIIII/.partial-2222222222222222'), hourAgo, hourAgo);

    const listed: string[] = [];
    for await (const object of storage.list('u')) listed.push(object.name);
    expect(listed.filter((listedName) => listedName.includes('partial'))).toEqual([]);

    expect(await storage.removeStaleTemporaries(new Date(Date.now() - 60_000))).toBe(2);
    expect((await readdir(folder)).sort()).toEqual(['.partial-1111111111111111', 'kept.txt']);
    expect(await readdir(root)).not.toContain('u7'); // emptied folders go too
    await storage.delete([name]);
    await rm(folder, { recursive: true, force: true });
  });

  it('finds no temporary files in a root that does not exist yet', async () => {
    const storage = createLocalStorage({ root: join(root, 'not-yet'), signingSecret: 's'.repeat(32), clock });
    expect(await storage.removeStaleTemporaries(new Date())).toBe(0);
    for await (const object of storage.list()) expect.unreachable(object.name);
  });

  it('signs same-origin /files links', async () => {
    const storage = drivers[0]?.[1]() as ObjectStorage;
    clock.set(new Date('2024-05-01T10:00:00Z'));
    const link = await storage.signedUrl('u1/AAAAAAAAAAAAAAAAAAAAAA/a.pdf', {
      expiresInSeconds: 900,
      download: 'ä b.pdf',
    });
    const url = new URL(link.url, 'http://x');
    expect(url.pathname).toBe('/files/u1/AAAAAAAAAAAAAAAAAAAAAA/a.pdf');
    expect(url.searchParams.get('exp')).toBe(String(Date.parse('2024-05-01T10:15:00Z') / 1000));
    expect(url.searchParams.get('dl')).toBe('ä b.pdf');
    expect(url.searchParams.get('sig')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt.toISOString()).toBe('2024-05-01T10:15:00.000Z');
    clock.set(new Date());
  });
});

describe('S3 presigned links against s3rver', () => {
  const name = 'u4/DDDDDDDDDDDDDDDDDDDDDD/report.pdf';

  it('work until they expire, and carry the download name', async () => {
    const storage = createS3Storage(s3.storage, clock);
    await storage.put(name, BYTES, { contentType: 'application/pdf', size: 20 });
    clock.set(new Date());
    const link = await storage.signedUrl(name, { expiresInSeconds: 900, download: 'Quarterly report.pdf' });
    expect(link.url.startsWith(`${s3.storage.endpoint}/${s3.storage.bucket}/${name}?`)).toBe(true);
    const ok = await fetch(link.url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('0123456789abcdefghij');
    expect(ok.headers.get('content-disposition')).toContain('filename="Quarterly report.pdf"');

    const ranged = await fetch(link.url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('0123456789');

    // Signed 16 minutes ago with a 15-minute lifetime: s3rver (on the real clock) refuses it.
    clock.set(new Date(Date.now() - 16 * 60 * 1000));
    const expired = await storage.signedUrl(name, { expiresInSeconds: 900 });
    clock.set(new Date());
    expect((await fetch(expired.url)).status).toBe(403);

    // s3rver checks expiry but not SigV4 signatures themselves, so tampering is only tested on the
    // local driver (files.routes.test.ts); S3 itself verifies them.
    await storage.delete([name]);
  });
});

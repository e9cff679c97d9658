import { access, mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatApi } from '../../../test/helpers/chat-api';
import { describeEachDatabase, type TestContext } from '../../../test/helpers/describe-each-database';
import { deskFixture } from '../../../test/helpers/desk-fixture';
import { STORAGE_DRIVERS, useStorageDriver } from '../../../test/helpers/storage-drivers';
import { internalsOf } from '../../app-internals';
import { attachments, waMessages } from '../../db/schema';
import { createStorage } from '../../storage/create-storage';
import type { ObjectStorage, StoredObject } from '../../storage/storage';
import { groupMediaObjectName } from '../groups/media-object-name';
import { startOrphanSweeper } from './orphan-sweeper';
import { ORPHAN_SWEEP_LOCK, type StoredObjectsRepository } from './stored-objects.repository';

const HOUR = 3_600_000;
const BYTES = new TextEncoder().encode('orphan');
const GROUP = '120363000000000001@g.us';

/** A connection of its own to the test's PostgreSQL database (advisory locks belong to one database). */
async function otherConnection(ctx: TestContext): Promise<pg.Client> {
  const current = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: { name: string }[];
  };
  const url = new URL(String(process.env.TEST_DATABASE_URL));
  url.pathname = `/${current.rows[0]?.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

// Files a crash left in storage (docs/architecture.md, "nothing orphaned in storage") go once older than ORPHAN_GRACE_HOURS
// (6 in tests); files rows reference stay however old.
describeEachDatabase('orphan sweep', (ctx) => {
  for (const driverName of STORAGE_DRIVERS) {
    describe(`${driverName} storage`, () => {
      const driver = useStorageDriver(ctx, driverName);
      const storage = () => createStorage(driver.storageConfig, ctx.clock);
      const put = async (name: string) =>
        (await storage()).put(name, BYTES, { contentType: 'application/octet-stream', size: BYTES.length });

      /** An uploaded (unsaved) export, a saved chat, and a group message whose media is cached. */
      async function referencedFiles() {
        const desk = await deskFixture(ctx, driver.app);
        const api = chatApi(driver.app, desk.user);
        const saved = (await api.upload()).json();
        expect((await api.save({ ...saved, chat_name: 'Kept' })).statusCode).toBe(201);
        await api.upload();
        const cached = groupMediaObjectName(desk.sessionId, GROUP, 'CACHED');
        await put(cached);
        await ctx.db.insert(waMessages).values({
          sessionId: desk.sessionId,
          organisationId: desk.organisationId,
          groupJid: GROUP,
          msgId: `false_${GROUP}_CACHED_x`,
          waId: 'CACHED',
          fromMe: false,
          body: '',
          messageType: 'image',
          hasMedia: true,
          timestamp: 1_700_000_000,
          origin: 'live',
          mediaObject: cached,
        });
        const names = await driver.listObjects();
        expect(names).toHaveLength(7); // 3 + 3 attachments, 1 cached medium
        return { desk, names };
      }

      it('removes unreferenced files only once older than the grace, and never referenced ones', async () => {
        const { desk, names: referenced } = await referencedFiles();
        const orphans = [
          'u1/AAAAAAAAAAAAAAAAAAAAAA/crashed-before-its-row.jpg',
          groupMediaObjectName(desk.sessionId, GROUP, 'ROWLESS'),
          // The composer's attachment a crash left between its upload and its send (decision 0024).
          'outgoing/0f8fad5b-d9cb-469f-a165-70867728950e',
        ];
        const foreign = 'backups/not-ours.tar'; // a shared bucket may hold other things
        for (const name of [...orphans, foreign]) await put(name);

        // Within the grace: an upload under way on some instance may not have written its rows yet.
        ctx.clock.advance(5 * HOUR);
        expect(await internalsOf(driver.app).orphanSweeper.sweep()).toBe(0);
        expect(await driver.listObjects()).toEqual([...referenced, ...orphans, foreign].sort());

        ctx.clock.advance(2 * HOUR);
        expect(await internalsOf(driver.app).orphanSweeper.sweep()).toBe(3);
        expect(await driver.listObjects()).toEqual([...referenced, foreign].sort());
        expect(await ctx.count(attachments)).toBe(6);
      });

      it('removes the files of rows deleted without them (a crash after the commit)', async () => {
        const { names } = await referencedFiles();
        await ctx.db.delete(attachments);
        await ctx.db.update(waMessages).set({ mediaObject: null });
        ctx.clock.advance(7 * HOUR);
        expect(await internalsOf(driver.app).orphanSweeper.sweep()).toBe(names.length);
        expect(await driver.listObjects()).toEqual([]);
      });

      it('sweeps nothing while another instance holds the sweep lock', async () => {
        if (ctx.kind !== 'postgres') return; // one embedded database has one connection: nothing to race
        await put('u1/AAAAAAAAAAAAAAAAAAAAAA/orphan.jpg');
        ctx.clock.advance(7 * HOUR);
        const other = await otherConnection(ctx);
        try {
          await other.query('select pg_advisory_lock($1)', [ORPHAN_SWEEP_LOCK]);
          expect(await internalsOf(driver.app).orphanSweeper.sweep()).toBe(0);
          expect(await driver.listObjects()).toHaveLength(1);
          await other.query('select pg_advisory_unlock($1)', [ORPHAN_SWEEP_LOCK]);
          expect(await internalsOf(driver.app).orphanSweeper.sweep()).toBe(1);
          expect(await driver.listObjects()).toEqual([]);
        } finally {
          await other.end();
        }
      });

      it('sweeps shortly after the server starts', async () => {
        await put('u1/AAAAAAAAAAAAAAAAAAAAAA/orphan.jpg');
        ctx.clock.advance(7 * HOUR);
        await ctx.buildApp({ storage: driver.storageConfig, orphanSweepIntervalMs: 50 });
        await vi.waitFor(async () => expect(await driver.listObjects()).toEqual([]), { timeout: 5_000 });
      });
    });
  }

  describe('local temporary files', () => {
    const root = () => join(ctx.dataDir, 'objects');
    async function partial(path: string, hoursOld: number) {
      const file = join(root(), path);
      await mkdir(join(file, '..'), { recursive: true });
      await writeFile(file, 'half an upload');
      const written = new Date(ctx.clock().getTime() - hoursOld * HOUR);
      await utimes(file, written, written);
      return file;
    }
    const exists = (file: string) =>
      access(file).then(
        () => true,
        () => false,
      );

    it('removes .partial- files older than the grace and keeps fresher ones (a put under way)', async () => {
      const stale = await partial('u1/AAAAAAAAAAAAAAAAAAAAAA/.partial-0123456789abcdef', 7);
      const fresh = await partial('u1/BBBBBBBBBBBBBBBBBBBBBB/.partial-fedcba9876543210', 5);
      expect(await internalsOf(ctx.app).orphanSweeper.sweep()).toBe(1);
      expect(await exists(stale)).toBe(false);
      expect(await exists(join(stale, '..'))).toBe(false); // its emptied folder too
      expect(await exists(fresh)).toBe(true);
    });
  });
});

describe('orphan sweeper schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sweeps 5 s after start-up, then every interval, and one sweep at a time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    let sweeps = 0;
    const objects: StoredObjectsRepository = {
      async referencedWhileLocked() {
        sweeps++;
        return new Set<string>();
      },
    };
    const storage = {
      async removeStaleTemporaries() {
        return 0;
      },
      async *list(): AsyncGenerator<StoredObject> {},
    } as unknown as ObjectStorage;
    const sweeper = startOrphanSweeper({
      objects,
      storage,
      clock: () => new Date(),
      graceHours: 6,
      intervalMs: HOUR,
      log: { warn: () => {} },
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sweeps).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweeps).toBe(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(sweeps).toBe(2);
    const [a, b] = [sweeper.sweep(), sweeper.sweep()];
    expect(a).toBe(b);
    await a;
    sweeper.stop();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(sweeps).toBe(3);
  });
});

import { readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createS3Client } from '../../src/storage/s3-storage';
import type { StorageConfig } from '../../src/storage/storage-config';
import type { TestContext } from './describe-each-database';
import { startTestS3, type TestS3 } from './s3-server';

export const STORAGE_DRIVERS = ['local', 's3'] as const;
export type StorageDriverName = (typeof STORAGE_DRIVERS)[number];

export interface FetchedFile {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface DriverContext {
  readonly name: StorageDriverName;
  /** The app of this test, using this driver. */
  readonly app: FastifyInstance;
  readonly storageConfig: StorageConfig;
  /** Follows a signed link: through the app for local /files links, over HTTP for S3. */
  fetchLink(url: string, headers?: Record<string, string>): Promise<FetchedFile>;
  /** Every object name in storage now. */
  listObjects(): Promise<string[]>;
}

let s3: Promise<TestS3> | undefined;

/**
 * One s3rver per test worker (the server project keeps modules between files), started on first use and
 * stopped when the worker ends.
 */
function sharedS3(): Promise<TestS3> {
  s3 ??= startTestS3();
  return s3;
}

/**
 * Gives the tests of the enclosing describe an app on `name`'s storage driver, with storage emptied
 * before each test. Call inside a describeEachDatabase body.
 */
export function useStorageDriver(ctx: TestContext, name: StorageDriverName): DriverContext {
  let app: FastifyInstance | undefined;
  let storageConfig: StorageConfig | undefined;

  beforeAll(async () => {
    storageConfig =
      name === 's3'
        ? (await sharedS3()).storage
        : {
            kind: 'local',
            root: join(ctx.dataDir, 'objects'),
            signingSecret: 'test-storage-signing-secret-of-32-characters',
          };
  });
  afterAll(async () => {
    const running = s3;
    s3 = undefined;
    if (running) await (await running).close();
  });
  beforeEach(async () => {
    await emptyStorage(ready(storageConfig));
    app = name === 's3' ? await ctx.buildApp({ storage: ready(storageConfig) }) : ctx.app;
  });

  return {
    name,
    get app() {
      return ready(app);
    },
    get storageConfig() {
      return ready(storageConfig);
    },
    async fetchLink(url, headers = {}) {
      if (url.startsWith('/')) {
        const res = await ready(app).inject({ method: 'GET', url, headers });
        return {
          status: res.statusCode,
          headers: res.headers as Record<string, string>,
          body: res.rawPayload,
        };
      }
      const res = await fetch(url, { headers });
      return {
        status: res.status,
        headers: Object.fromEntries(res.headers.entries()),
        body: Buffer.from(await res.arrayBuffer()),
      };
    },
    listObjects: () => listObjects(ready(storageConfig)),
  };
}

async function listObjects(config: StorageConfig): Promise<string[]> {
  if (config.kind === 'local') {
    const entries = await readdir(config.root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(config.root, join(entry.parentPath, entry.name)))
      .sort();
  }
  const answer = await createS3Client(config).send(new ListObjectsV2Command({ Bucket: config.bucket }));
  return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
}

async function emptyStorage(config: StorageConfig): Promise<void> {
  if (config.kind === 'local') {
    await rm(config.root, { recursive: true, force: true });
    return;
  }
  const names = await listObjects(config);
  if (names.length === 0) return;
  await createS3Client(config).send(
    new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: names.map((Key) => ({ Key })) } }),
  );
}

function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Storage driver context used outside a test');
  return value;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../src/storage/storage-config';

export interface TestS3 {
  /** Storage config pointing at this server's bucket. */
  storage: Extract<StorageConfig, { kind: 's3' }>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free loopback port, keeping its objects in a temp folder. */
export async function startTestS3(bucket = 'wadesk-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'wadesk-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    storage: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER', // s3rver's built-in account
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

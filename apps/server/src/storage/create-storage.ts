import type { Clock } from '../clock';
import { createLocalStorage, type LocalStorage } from './local-storage';
import type { S3Storage } from './s3-storage';
import type { StorageConfig } from './storage-config';

/**
 * The configured object storage driver. The AWS SDK is only loaded when S3 is configured: it is large
 * and a local install never needs it.
 */
export async function createStorage(config: StorageConfig, clock: Clock): Promise<LocalStorage | S3Storage> {
  if (config.kind === 'local') {
    return createLocalStorage({ root: config.root, signingSecret: config.signingSecret, clock });
  }
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config, clock);
}

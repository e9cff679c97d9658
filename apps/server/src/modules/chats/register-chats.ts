import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createStorage } from '../../storage/create-storage';
import { filesRoutes } from '../../storage/files.routes';
import type { ObjectStorage } from '../../storage/storage';
import { type Limiter, perMinute } from '../auth/rate-limit';
import { createAttachmentsRepository } from './attachments.repository';
import { createChatsRepository } from './chats.repository';
import { chatsRoutes } from './chats.routes';
import { createChatsService } from './chats.service';
import { createImportService } from './import.service';
import { createMediaLinksService } from './media-links.service';
import { type OrphanSweeper, startOrphanSweeper } from './orphan-sweeper';
import { createParsePool } from './parse-pool';
import type { OwnerVerification } from './storage-quota';
import { createStoredObjectsRepository } from './stored-objects.repository';
import { startUploadSweeper, type UploadSweeper } from './upload-sweeper';
import { uploadsRoutes } from './uploads.routes';

export interface ChatsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  limit: Limiter;
  /** Whether an organisation's owner has verified an address (auth's, for the storage quota). */
  owners: OwnerVerification;
}

/**
 * Object storage, uploads, media links and saved chats. A zip may unpack to 32 times the upload limit
 * (128 MB for 4 MB): media barely compress, but chat text does about 10:1.
 */
export async function registerChats(
  app: FastifyInstance,
  { config, db, clock, limit, owners }: ChatsDeps,
): Promise<{
  storage: ObjectStorage;
  /** For tests, through app-internals.ts: they call `sweep()` directly. */
  uploadSweeper: UploadSweeper;
  orphanSweeper: OrphanSweeper;
}> {
  const storage = await createStorage(config.storage, clock);
  const attachments = createAttachmentsRepository(db);
  const parsePool = createParsePool({
    threads: config.parseThreads,
    queueMax: config.parseQueueMax,
    workerHeapMb: config.parseWorkerHeapMb,
    log: app.log,
  });
  const sweeper = startUploadSweeper({
    attachments,
    storage,
    maxAgeHours: config.uploadExpiryHours,
    intervalMs: config.uploadSweepIntervalMs,
    log: app.log,
  });
  const orphanSweeper = startOrphanSweeper({
    objects: createStoredObjectsRepository(db),
    storage,
    clock,
    graceHours: config.orphanGraceHours,
    intervalMs: config.orphanSweepIntervalMs,
    log: app.log,
  });
  app.addHook('preClose', async () => {
    sweeper.stop();
    orphanSweeper.stop();
    await Promise.all([sweeper.sweepDone(), orphanSweeper.sweepDone()]);
  });
  app.addHook('onClose', () => parsePool.close());
  if (storage.kind === 'local') await app.register(filesRoutes, { storage, clock });
  await app.register(uploadsRoutes, {
    imports: createImportService({
      storage,
      attachments,
      maxUnpackedBytes: config.uploadLimitBytes * 32,
      quota: {
        quotaBytes: config.storageQuotaBytes,
        unverifiedQuotaBytes: config.unverifiedStorageQuotaBytes,
        owners,
      },
      parsePool,
      log: app.log,
    }),
    links: createMediaLinksService({ storage, attachments, ttlSeconds: config.signedUrlTtlSeconds, clock }),
    uploadLimitBytes: config.uploadLimitBytes,
    uploadLimit: perMinute(limit, 'upload', {
      perUser: config.uploadRateLimit,
      perIp: config.uploadRateLimit * 3,
    }),
  });
  await app.register(chatsRoutes, {
    chats: createChatsService({ repo: createChatsRepository(db), storage, clock, log: app.log }),
    saveBodyLimitBytes: config.chatSaveBodyLimitBytes,
    prepareSave: (path) => parsePool.prepareSave(path),
    saveLimit: perMinute(limit, 'save', { perUser: config.saveRateLimit, perIp: config.saveRateLimit * 3 }),
  });
  return { storage, uploadSweeper: sweeper, orphanSweeper };
}

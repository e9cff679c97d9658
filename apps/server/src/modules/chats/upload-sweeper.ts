import type { ObjectStorage } from '../../storage/storage';
import type { AttachmentsRepository } from './attachments.repository';
import type { WarnLog } from './import.service';
import { type PeriodicSweep, startPeriodicSweep } from './periodic-sweep';

const BATCH = 1000;

/** sweep() answers how many it removed (0 when another instance holds the lock). */
export type UploadSweeper = PeriodicSweep;

/**
 * Uploads that were never saved in a chat expire after `maxAgeHours`: their rows and stored objects go.
 * Sweeps at start-up and every `intervalMs`, one instance at a time (an advisory lock in the database).
 * A saved chat's media are removed when the chat is deleted (chats.service.ts).
 */
export function startUploadSweeper({
  attachments,
  storage,
  maxAgeHours,
  intervalMs,
  log,
}: {
  attachments: AttachmentsRepository;
  storage: ObjectStorage;
  maxAgeHours: number;
  intervalMs: number;
  log: WarnLog;
}): UploadSweeper {
  const sweepOnce = async () => {
    let total = 0;
    for (;;) {
      const names = await attachments.removeExpiredUnsaved(maxAgeHours, BATCH);
      if (!names || names.length === 0) return total;
      total += names.length;
      try {
        await storage.delete(names);
      } catch (error) {
        // The rows are gone, so nothing can link to these files again: only space is lost.
        log.warn({ err: error, count: names.length }, 'could not remove the files of expired uploads');
      }
      if (names.length < BATCH) return total;
    }
  };
  return startPeriodicSweep(sweepOnce, { intervalMs, log, what: 'upload sweep' });
}

import type { ObjectStorage } from '../../storage/storage';
import type { AttachmentsRepository } from './attachments.repository';
import type { WarnLog } from './import.service';

const BATCH = 1000;

export interface UploadSweeper {
  /** One sweep now: answers how many uploads it removed (0 when another instance holds the lock). */
  sweep(): Promise<number>;
  stop(): void;
  /** Resolves when a sweep under way has finished (at once when none is). */
  sweepDone(): Promise<void>;
}

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
  let running: Promise<number> | null = null;
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
  const sweep = () => {
    running ??= sweepOnce().finally(() => {
      running = null;
    });
    return running;
  };
  const tick = () =>
    sweep().catch((error: unknown) => log.warn({ err: error }, 'upload sweep failed; retrying later'));
  const first = setTimeout(tick, Math.min(intervalMs, 5_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    sweep,
    stop() {
      clearTimeout(first);
      clearInterval(timer);
    },
    async sweepDone() {
      await running?.catch(() => 0);
    },
  };
}

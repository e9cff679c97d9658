import type { Clock } from '../../clock';
import type { ObjectStorage } from '../../storage/storage';
import { isGroupMediaObjectName } from '../groups/media-object-name';
import { isOutgoingObjectName } from '../replies/outgoing-object-name';
import type { WarnLog } from './import.service';
import { isObjectName } from './object-names';
import { type PeriodicSweep, startPeriodicSweep } from './periodic-sweep';
import type { StoredObjectsRepository } from './stored-objects.repository';

// At most this many names per reference lookup (and per delete).
const BATCH = 1000;

/** sweep() answers how many it removed (0 when another instance holds the lock). */
export type OrphanSweeper = PeriodicSweep;

/** Names this server writes: anything else in a shared bucket is not ours to remove. */
const isOurs = (name: string) =>
  isObjectName(name) || isGroupMediaObjectName(name) || isOutgoingObjectName(name);

/**
 * Removes what a crash left in storage (docs/architecture.md, "nothing orphaned in storage"): temporary files of puts cut short,
 * and objects no row references (a crash between a put and its row, or between a row's delete and its
 * file's). Only files last written more than `graceHours` ago by `clock` are touched: an upload under
 * way on any instance writes its objects before its rows, so the grace must be far longer than any
 * upload takes. Sweeps at start-up and every `intervalMs`, one instance at a time: the advisory lock is
 * tried before the sweep and again for each batch, and an instance that finds it held stops. Between
 * two batches of one instance another may start, which only repeats work: both remove nothing but old
 * unreferenced files (no transaction stays open across the storage listing; see the repository).
 */
export function startOrphanSweeper({
  objects,
  storage,
  clock,
  graceHours,
  intervalMs,
  log,
}: {
  objects: StoredObjectsRepository;
  storage: ObjectStorage;
  clock: Clock;
  graceHours: number;
  intervalMs: number;
  log: WarnLog;
}): OrphanSweeper {
  /** Removes the unreferenced among `names`; null when another instance took the lock meanwhile. */
  async function removeUnreferenced(names: string[]): Promise<number | null> {
    const referenced = await objects.referencedWhileLocked(names);
    if (referenced === null) return null;
    const orphans = names.filter((name) => !referenced.has(name));
    if (orphans.length === 0) return 0;
    try {
      await storage.delete(orphans);
    } catch (error) {
      log.warn({ err: error, count: orphans.length }, 'could not remove orphaned files');
      return 0;
    }
    return orphans.length;
  }

  const sweepOnce = async () => {
    if ((await objects.referencedWhileLocked([])) === null) return 0;
    const olderThan = new Date(clock().getTime() - graceHours * 3_600_000);
    let total = await storage.removeStaleTemporaries(olderThan);
    let batch: string[] = [];
    for await (const object of storage.list()) {
      if (object.lastModified >= olderThan || !isOurs(object.name)) continue;
      batch.push(object.name);
      if (batch.length < BATCH) continue;
      const removed = await removeUnreferenced(batch);
      if (removed === null) return total;
      total += removed;
      batch = [];
    }
    if (batch.length > 0) total += (await removeUnreferenced(batch)) ?? 0;
    return total;
  };

  return startPeriodicSweep(sweepOnce, { intervalMs, log, what: 'orphan sweep' });
}

import { Piscina } from 'piscina';
import { AppError } from '../../errors';
import type { PreparedSave } from './prepare-save';
import type { PreparedUpload, PrepareUploadInput } from './prepare-upload';
import type { ReadMediaInput, ReadMediaResult } from './read-media';

export interface ParsePool {
  /** An upload parsed, its media chosen and its answer encoded (prepare-upload.ts). */
  prepareUpload(input: PrepareUploadInput): Promise<PreparedUpload>;
  /** One media file of an uploaded zip, inflated and checked (read-media.ts). */
  readMedia(input: ReadMediaInput): Promise<ReadMediaResult>;
  /** A save body spooled to a file (save-body.ts). */
  prepareSave(path: string): Promise<PreparedSave>;
  close(): Promise<void>;
}

export interface ParsePoolOptions {
  threads: number;
  /** Tasks that may wait for a thread; past it a request answers 503 at once. */
  queueMax: number;
  /** Old-generation heap of one worker, MB: a worker past it ends and its task fails, not the server. */
  workerHeapMb: number;
  /** Where a worker's failure outside any task goes (pino's `error` fits). */
  log: { error(details: object, message: string): void };
}

export const serverBusy = 'The server is busy reading other chats. Try again in a minute.';
export const tooBigToRead = 'This chat is too large for the server to read.';

/**
 * Worker threads for the CPU-heavy parts of uploads (prepare-upload.ts, read-media.ts) and chat saves
 * (prepare-save.ts), so `/healthz` and every other request keep answering while a large or hostile file
 * is inflated and parsed, a 43 MB answer is encoded or a 60 MB save is read. An upload's bytes are shared with the workers, not
 * copied (read-media.ts); a save body is read by the worker from the file it was spooled to.
 */
export function createParsePool({ threads, queueMax, workerHeapMb, log }: ParsePoolOptions): ParsePool {
  const pool = new Piscina({
    filename: new URL('./parse-worker.boot.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    maxQueue: queueMax,
    idleTimeout: 30_000,
    // The young generation is capped below V8's default: a parse allocates in bursts far larger than it
    // anyway, and every MB of it is held by each thread for good. The cap costs no input that fits the
    // old generation (objects that outgrow it are promoted, not refused).
    resourceLimits: { maxOldGenerationSizeMb: workerHeapMb, maxYoungGenerationSizeMb: 16 },
  });
  // Piscina emits 'error' for a worker that fails with no task (while starting): unheard, the event
  // would end the process.
  pool.on('error', (error) => log.error({ err: error }, 'a parse worker failed outside any task'));
  const run = async <T>(task: unknown, name: string): Promise<T> => {
    try {
      return (await pool.run(task, { name })) as T;
    } catch (error) {
      throw asRefusal(error);
    }
  };
  return {
    prepareUpload: (input) => run(input, 'prepareUpload'),
    readMedia: (input) => run(input, 'readMedia'),
    prepareSave: (path) => run(path, 'prepareSave'),
    // close() lets tasks under way finish (a graceful stop answers them); destroy() would fail them.
    close: () => pool.close(),
  };
}

/** A full queue and a worker out of memory are the request's answer, not a server error. */
function asRefusal(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error.message === 'Task queue is at limit') return new AppError(503, serverBusy);
  if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new AppError(413, tooBigToRead);
  return error;
}

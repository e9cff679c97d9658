import { Piscina } from 'piscina';
import type { ParseUploadInput, ParseUploadResult } from './parse-upload';
import type { PreparedSave } from './prepare-save';

export interface ParsePool {
  parse(input: ParseUploadInput): Promise<ParseUploadResult>;
  /** A save body spooled to a file (save-body.ts). */
  prepareSave(path: string): Promise<PreparedSave>;
  close(): Promise<void>;
}

/**
 * Worker threads for the CPU-heavy parts of uploads (parse-upload.ts) and chat saves (prepare-save.ts),
 * so `/healthz` and every other request keep answering while a large or hostile file is inflated and
 * parsed or a 60 MB save is read. An upload's bytes are copied to the worker (the caller still needs
 * them for the media); a save body is read by the worker from the file it was spooled to.
 */
export function createParsePool({ threads }: { threads: number }): ParsePool {
  const pool = new Piscina({
    filename: new URL('./parse-worker.boot.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
  });
  return {
    parse: (input) => pool.run(input, { name: 'parseUpload' }) as Promise<ParseUploadResult>,
    prepareSave: (path) => pool.run(path, { name: 'prepareSave' }) as Promise<PreparedSave>,
    // close() lets tasks under way finish (a graceful stop answers them); destroy() would fail them.
    close: () => pool.close(),
  };
}

import { Piscina } from 'piscina';
import type { ParseUploadInput, ParseUploadResult } from './parse-upload';
import type { PreparedSave } from './prepare-save';

export interface ParsePool {
  parse(input: ParseUploadInput): Promise<ParseUploadResult>;
  prepareSave(raw: Uint8Array): Promise<PreparedSave>;
  close(): Promise<void>;
}

/**
 * Worker threads for the CPU-heavy parts of uploads (parse-upload.ts) and chat saves (prepare-save.ts),
 * so `/healthz` and every other request keep answering while a large or hostile file is inflated and
 * parsed or a 60 MB save is read. An upload's bytes are copied to the worker (the caller still needs
 * them for the media); a save body is moved when it owns its memory.
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
    prepareSave(raw) {
      const owned = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength;
      const transferList = owned && raw.buffer instanceof ArrayBuffer ? [raw.buffer] : [];
      return pool.run(raw, { name: 'prepareSave', transferList }) as Promise<PreparedSave>;
    },
    // close() lets tasks under way finish (a graceful stop answers them); destroy() would fail them.
    close: () => pool.close(),
  };
}

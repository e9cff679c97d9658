import { Piscina } from 'piscina';
import type { ParseUploadInput, ParseUploadResult } from './parse-upload';

export interface ParsePool {
  parse(input: ParseUploadInput): Promise<ParseUploadResult>;
  close(): Promise<void>;
}

/**
 * Worker threads that parse uploads (parse-upload.ts), so `/healthz` and every other request keep
 * answering while a large or hostile file is inflated and parsed. The file's bytes are copied to the
 * worker (the caller still needs them for the media); only the parsed chat comes back.
 */
export function createParsePool({ threads }: { threads: number }): ParsePool {
  const pool = new Piscina({
    filename: new URL('./parse-worker.boot.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
  });
  return {
    parse: (input) => pool.run(input) as Promise<ParseUploadResult>,
    close: () => pool.destroy(),
  };
}

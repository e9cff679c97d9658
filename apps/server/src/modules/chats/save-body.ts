import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorCodes, type FastifyRequest } from 'fastify';

/** A request body written to a temporary file; `dispose` removes it (safe to call twice). */
export class SpooledBody {
  private disposed = false;
  constructor(readonly path: string) {}

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await rm(this.path, { force: true });
  }
}

export interface BodySpool {
  /** A Fastify content-type parser: the body goes to a file, at most `limitBytes` of it. */
  parse(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<SpooledBody>;
  /** Removes the spool's folder and whatever a crash left in it. */
  close(): void;
}

/**
 * Large chat saves are streamed to disk instead of memory: four 60 MB saves at once would otherwise hold
 * 240 MB in the event loop's process before a worker reads them (prepare-save.ts reads the file as a
 * stream). Each server process has its own folder under the system's temporary directory.
 */
export function createBodySpool(limitBytes: number): BodySpool {
  const dir = mkdtempSync(join(tmpdir(), 'wadesk-save-'));
  return {
    async parse(request, payload) {
      const declared = Number(request.headers['content-length']);
      if (declared > limitBytes) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
      const body = new SpooledBody(join(dir, `${randomUUID()}.json`));
      let received = 0;
      try {
        received = await spool(payload, body.path, limitBytes);
      } catch (error) {
        await body.dispose();
        throw error;
      }
      if (received === 0) {
        await body.dispose();
        throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
      }
      return body;
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Copies the payload to `path`; answers the number of bytes. Past the limit it stops writing but leaves
 * the request stream alive (read and discarded), as Fastify's own body reader does, so the 413 can still
 * be answered on the connection.
 */
function spool(payload: NodeJS.ReadableStream, path: string, limitBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path);
    let received = 0;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      payload.unpipe(file);
      payload.resume();
      file.destroy();
      reject(error);
    };
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) fail(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    });
    payload.on('error', fail);
    payload.on('aborted', () => fail(new Error('The client closed the request before its body ended')));
    file.on('error', fail);
    file.on('finish', () => {
      if (!failed) resolve(received);
    });
    payload.pipe(file);
  });
}

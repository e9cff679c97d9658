// What both halves of the server-stall section share: a server on loopback with a signed-in user, and the
// load from a child process (server-stall-client.ts).
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';

export interface StallServer {
  app: FastifyInstance;
  base: string;
  dataDir: string;
  /** The bench user's `Bearer …` header. */
  authorization: string;
}

/** A server on PGlite in memory, listening on loopback, with `env` over the bench's settings. */
export async function startServer(env: Record<string, string> = {}): Promise<StallServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wadesk-stall-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 's'.repeat(32),
    UPLOAD_RATE_LIMIT: '1000',
    SAVE_RATE_LIMIT: '1000',
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const registered = await fetch(`${base}/users/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stall@example.com', password1: 'Secret!A', first_name: 'Stall' }),
    });
    const authorization = `Bearer ${(await registered.json()).access_token}`;
    return { app, base, dataDir, authorization };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** Runs the load in a child process; answers its statuses and the sizes of the answers. */
export function load(
  base: string,
  authorization: string,
  kind: 'upload' | 'save',
  file: string,
  parallel: number,
) {
  const tsx = join(import.meta.dirname, '../../node_modules/.bin/tsx');
  const args = [
    join(import.meta.dirname, 'server-stall-client.ts'),
    base,
    authorization,
    kind,
    file,
    String(parallel),
  ];
  return new Promise<{ statuses: number[]; bytes: number[] }>((resolve, reject) => {
    execFile(tsx, args, { maxBuffer: 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')),
    );
  });
}

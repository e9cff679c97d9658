import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { root } from '../../scripts/web-build.mjs';
import { seedPgdata } from './pgdata-template';
import { createPostgresDatabase, postgresAdminUrl } from './postgres-databases';
import { serverBundlePath } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's server build and PostgreSQL databases (global-setup.ts), which its teardown removes. */
    e2eRunId: string;
  }
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Stops the process and starts it again on the same port and data: what a deploy or crash does. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface ServerOptions {
  /**
   * `pglite` runs the server on its default embedded database even where the machine has PostgreSQL: what
   * `npm start` does. Otherwise a server runs on its own PostgreSQL database when TEST_DATABASE_URL names
   * a server (support/postgres-databases.ts), else on PGlite.
   */
  database?: 'pglite';
}

/** Starts the real server (`apps/server/src/main.ts`, compiled) as its own process on a loopback port. */
export async function startServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wadesk-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess | undefined;

  const launch = async () => {
    // The run's compiled copy of apps/server/src/main.ts (support/server-bundle.ts).
    child = spawn(process.execPath, ['--enable-source-maps', serverBundlePath(inject('e2eRunId'))], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_IP: '1000',
        AUTH_RATE_LIMIT_EMAIL: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (log += chunk));
    child.stderr?.on('data', (chunk) => (log += chunk));
    await waitForHealth(baseURL, () => log);
  };

  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
      setTimeout(() => running.kill('SIGKILL'), 10_000).unref();
    });
  };

  let dropDatabase = async () => {};
  if (!env.DATABASE_URL && !process.env.DATABASE_URL) {
    if (postgresAdminUrl() && options.database !== 'pglite') {
      const database = await createPostgresDatabase(inject('e2eRunId'));
      env = { ...env, DATABASE_URL: database.url };
      dropDatabase = database.drop;
    } else {
      // On PGlite the first start opens a copy of the run's migrated template.
      await seedPgdata(dataDir);
    }
  }
  try {
    await launch();
  } catch (error) {
    await stop();
    await dropDatabase();
    throw error;
  }
  return {
    baseURL,
    dataDir,
    output: () => log,
    restart: async () => {
      await stop();
      await launch();
    },
    stop: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    },
  };
}

async function waitForHealth(baseURL: string, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server did not become healthy at ${baseURL}:\n${output()}`);
}

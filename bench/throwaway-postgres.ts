import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDatabase, type Database, migrateDatabase } from '../apps/server/src/db/client';
import type { Row } from './row';

/** The PostgreSQL the bench measures on (CI's and this machine's, on loopback). */
export const BENCH_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `measure` with the URL of a new, empty database on the bench's PostgreSQL and drops it afterwards;
 * when PostgreSQL does not answer, returns `unreachable(reason)` instead. The rows end with the machine's
 * load before and after: throughput falls with whatever else runs on the machine, CPU times barely do.
 */
export async function onThrowawayDatabase(
  row: (metric: string, value: string) => Row,
  measure: (url: string) => Promise<Row[]>,
): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [row('PostgreSQL', `skipped: ${BENCH_POSTGRES} unreachable (${reason})`)];
  }
  const name = `wadesk_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_POSTGRES);
  url.pathname = `/${name}`;
  const load = () => loadavg()[0]?.toFixed(1) ?? '?';
  const before = load();
  try {
    const rows = await measure(url.toString());
    const machine = `${availableParallelism()} cores shared by server, PostgreSQL and autocannon`;
    return [...rows, row(`load average (1 min) before / after; ${machine}`, `${before} / ${load()}`)];
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The desk a section measures: the app (not listening yet), a plain client on its database, and sign-ups. */
export interface BenchDesk {
  app: FastifyInstance;
  client: pg.Client;
  database: Database;
  /** The app's DATA_DIR (a section's other processes use it too). */
  dataDir: string;
  /** Registers an account (its own organisation) and answers its access token, user id and organisation. */
  register(email: string): Promise<{ token: string; id: number; organisation_id: number }>;
  /** Stops the app early (a section whose later rows run in other processes); closing again does nothing. */
  closeApp(): Promise<void>;
}

/** Migrates the database of `url`, builds the app on it, runs `measure`, and takes everything down again. */
export async function withBenchDesk(
  url: string,
  measure: (desk: BenchDesk) => Promise<Row[]>,
): Promise<Row[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wadesk-bench-'));
  const database = await createDatabase(url);
  const client = new pg.Client({ connectionString: url });
  let app: FastifyInstance | undefined;
  const closeApp = async () => {
    const running = app;
    app = undefined;
    await running?.close();
  };
  try {
    await migrateDatabase(database);
    await client.connect();
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'b'.repeat(32),
      WHATSAPP_DRIVER: 'simulator',
    });
    const built = await buildApp(config, { database, logger: false });
    app = built;
    const register = async (email: string) => {
      const registered = await built.inject({
        method: 'POST',
        url: '/users/register/',
        payload: { email, password1: 'Secret!A', first_name: 'Bench', last_name: '' },
      });
      const { rows } = await client.query<{ id: number; organisation_id: number }>(
        'select id, organisation_id from users where email = $1',
        [email],
      );
      return {
        token: registered.json().access_token as string,
        ...(rows[0] as { id: number; organisation_id: number }),
      };
    };
    return await measure({ app: built, client, database, dataDir, register, closeApp });
  } finally {
    await closeApp();
    await client.end();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

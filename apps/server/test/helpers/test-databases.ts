import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database, migrateDatabase } from '../../src/db/client';

export type TestDatabaseKind = Database['kind'];

/** In-memory PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * One migrated database per kind per test worker. The server project runs with `isolate: false`, so this
 * module — and the cache — outlives a file: booting PGlite costs about 1.5 s, creating and migrating a
 * PostgreSQL database about as much, and a worker runs dozens of files. Tests empty the tables instead
 * (`resetDatabase`). PostgreSQL databases are named after the run, and the project's global teardown
 * drops them (`test/global-setup.ts`).
 */
const shared = new Map<TestDatabaseKind, Promise<Database>>();

/** The worker's migrated database of this kind, created on first use and kept for the worker's life. */
export function sharedTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  let entry = shared.get(kind);
  if (!entry) {
    entry = kind === 'pglite' ? openPglite() : openPostgres().then(({ database }) => database);
    shared.set(kind, entry);
  }
  return entry;
}

/** Prefix of every PostgreSQL database this test run creates; the global teardown drops them all. */
export function runDatabasePrefix(): string {
  return `wadesk_t_${inject('testRunId')}_`;
}

/**
 * Empties every application table and restarts every id sequence; migration bookkeeping is left alone.
 * `delete` on each table (triggers off, so the audit log's refusal and the stats triggers stay quiet)
 * is about five times cheaper than one `truncate` of all of them, which rewrites every table's files
 * even when it is empty — and most tables are empty in most tests.
 */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql.raw(RESET));
}

const RESET = `do $$
declare t record; s record;
begin
  set local session_replication_role = replica;
  for t in select tablename from pg_tables where schemaname = 'public' and tablename <> '__drizzle_migrations' loop
    execute format('delete from public.%I', t.tablename);
  end loop;
  for s in select sequencename from pg_sequences where schemaname = 'public' and last_value is not null loop
    execute format('alter sequence public.%I restart', s.sequencename);
  end loop;
end $$`;

async function openPglite(): Promise<Database> {
  const database = await createDatabase('memory://');
  await migrateDatabase(database);
  return database;
}

/** A new migrated PostgreSQL database of this run (TEST_DATABASE_URL's server), and its url. */
export async function openPostgres(): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const adminUrl = String(process.env.TEST_DATABASE_URL);
  const name = `${runDatabasePrefix()}${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase(url.toString());
  await migrateDatabase(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function adminQuery(
  url: string,
  statement: string,
  values: unknown[] = [],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

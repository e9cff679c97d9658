import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type Database, migrateDatabase } from '../../src/db/client';

export type TestDatabaseKind = Database['kind'];

/** In-memory PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server we may create databases on. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

// One database per kind per test file: vitest gives each file its own module instance, so this cache is
// per file. PGlite takes seconds to boot, so tests share it and truncate between tests instead.
const shared = new Map<TestDatabaseKind, Promise<TestDatabase>>();

interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

/** The file's migrated database of this kind, created on first use. */
export async function sharedTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  let entry = shared.get(kind);
  if (!entry) {
    entry = kind === 'pglite' ? openPglite() : openPostgres();
    shared.set(kind, entry);
  }
  return (await entry).database;
}

/** Closes (and for PostgreSQL drops) every database this file opened. */
export async function disposeTestDatabases(): Promise<void> {
  const entries = [...shared.values()];
  shared.clear();
  await Promise.all(entries.map(async (entry) => (await entry).dispose()));
}

/** Empties every application table and restarts id sequences; migration bookkeeping is left alone. */
export async function truncateAll(database: Database): Promise<void> {
  // Both drivers answer `{ rows }`; the driver-neutral Db type cannot say so.
  const { rows } = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as {
    rows: { tablename: string }[];
  };
  if (rows.length === 0) return;
  const tables = rows.map((row) => `"public"."${row.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`truncate table ${tables} restart identity cascade`));
}

async function openPglite(): Promise<TestDatabase> {
  const database = await createDatabase('memory://');
  await migrateDatabase(database);
  return { database, dispose: () => database.close() };
}

async function openPostgres(): Promise<TestDatabase> {
  const adminUrl = String(process.env.TEST_DATABASE_URL);
  const name = `wadesk_t_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase(url.toString());
  await migrateDatabase(database);
  return {
    database,
    async dispose() {
      await database.close();
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';

// When the machine has a PostgreSQL server (TEST_DATABASE_URL, as on CI), e2e servers run on it, each on a
// database of its own copied from one migrated template the run makes once (`create database … template`,
// a file copy inside PostgreSQL). An e2e server on PGlite runs every query of its flow inside its own
// Node process, on the same two cores as chromium: the flows spent much of their CPU there
// (docs/testing.md, "End-to-end tests"). Files that ask for PGlite still get it (`startServer`).

/** The administrative URL of the machine's PostgreSQL, when there is one to test against. */
export function postgresAdminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

async function adminQuery(statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(String(postgresAdminUrl()));
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every database of run `runId` starts with this; the global teardown drops them all. */
const prefix = (runId: string) => `wadesk_e2e_${runId}_`;
const templateName = (runId: string) => `${prefix(runId)}template`;

/** Creates and migrates the run's template database (global-setup.ts, once per run). */
export async function createPostgresTemplate(runId: string): Promise<void> {
  const name = templateName(runId);
  await adminQuery(`create database ${name}`);
  const { openMigratedDatabase } = await import('../../apps/server/src/db/client');
  const database = await openMigratedDatabase(databaseUrl(name));
  // A template may have no open connection while it is copied.
  await database.close();
}

/** A new database for one server, a copy of the run's template; `drop` removes it. */
export async function createPostgresDatabase(runId: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix(runId)}${randomBytes(4).toString('hex')}`;
  // PostgreSQL refuses to copy a template while another copy of it is being made ("source database is
  // being accessed by other users"): servers of files starting together wait their turn.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`create database ${name} template ${templateName(runId)}`);
      break;
    } catch (error) {
      if (attempt >= 50 || !String(error).includes('being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  return {
    url: databaseUrl(name),
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Drops every database run `runId` made (global teardown): the template and any a killed file left. */
export async function dropPostgresDatabases(runId: string): Promise<void> {
  const { rows } = await adminQuery(`select datname from pg_database where datname like '${prefix(runId)}%'`);
  for (const { datname } of rows as { datname: string }[])
    await adminQuery(`drop database if exists "${datname}" with (force)`);
}

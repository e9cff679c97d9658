import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database, migrateDatabase } from '../../src/db/client';
import { LISTENER_APPLICATION_NAME } from '../../src/db/postgres-notifications';
import type { TestDatabaseKind } from './test-databases';

export interface ClusterDatabases {
  kind: TestDatabaseKind;
  /**
   * One Database per pretend server process. On PostgreSQL each has its own pool and listening
   * connection on one throw-away database; PGlite is one process by nature, so all are the same object.
   */
  instances: Database[];
  /** Ends every listening session from the server side, as a failover or an admin would. */
  terminateListeners(): Promise<number>;
  dispose(): Promise<void>;
}

/** `count` instances on a fresh database of `kind` (PostgreSQL through TEST_DATABASE_URL). */
export async function openClusterDatabases(kind: TestDatabaseKind, count: number): Promise<ClusterDatabases> {
  if (kind === 'pglite') {
    const database = await createDatabase('memory://');
    return {
      kind,
      instances: Array.from({ length: count }, () => database),
      terminateListeners: async () => 0,
      dispose: () => database.close(),
    };
  }
  const adminUrl = String(process.env.TEST_DATABASE_URL);
  const name = `wadesk_t_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const instances: Database[] = [];
  for (let i = 0; i < count; i++) instances.push(await createDatabase(url.toString()));
  await migrateDatabase(instances[0] as Database);
  return {
    kind,
    instances,
    async terminateListeners() {
      const { rows } = await admin(
        adminUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`,
        [name, LISTENER_APPLICATION_NAME],
      );
      return rows.length;
    },
    async dispose() {
      await Promise.all(instances.map((database) => database.close()));
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function admin(url: string, statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

import { createDatabase, type Database } from '../../src/db/client';
import { LISTENER_APPLICATION_NAME } from '../../src/db/postgres-notifications';
import { adminQuery, openPostgres, type TestDatabaseKind } from './test-databases';

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
  const first = await openPostgres();
  const name = new URL(first.url).pathname.slice(1);
  const instances: Database[] = [first.database];
  for (let i = 1; i < count; i++) instances.push(await createDatabase(first.url));
  return {
    kind,
    instances,
    async terminateListeners() {
      const { rows } = await adminQuery(
        adminUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2`,
        [name, LISTENER_APPLICATION_NAME],
      );
      return rows.length;
    },
    async dispose() {
      await Promise.all(instances.slice(1).map((database) => database.close()));
      await first.drop();
    },
  };
}

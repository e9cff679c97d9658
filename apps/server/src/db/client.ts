import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createInProcessNotifications, type Notifications } from './notifications';
import { migrateAsOwner } from './owner-migrations';
import { createPostgresNotifications } from './postgres-notifications';
import * as schema from './schema';

/** The one Drizzle type repositories use, whichever driver runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of `Db`: what a module hands another module's port to write inside one transaction. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Publish/subscribe between the server processes on this database (in-process on PGlite). */
  notifications: Notifications;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database named by a config URL: `postgres://…` / `postgresql://…` → PostgreSQL through
 * node-postgres; `memory://` → in-memory PGlite; `file://<dir>` → PGlite stored in that directory.
 */
export async function createDatabase(url: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client losing its connection emits 'error' on the pool; without a listener it crashes the process.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema });
    const notifications = createPostgresNotifications({ pool, connectionString: url });
    return {
      db,
      kind: 'postgres',
      notifications,
      ping: async () => void (await pool.query('select 1')),
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  // pg_trgm and btree_gin: the inbox's search indexes (migrations 0021 and 0024, decision 0021); PostgreSQL
  // ships both as contribs.
  const client = await PGlite.create(url === 'memory://' ? 'memory://' : url.replace(/^file:\/\//, ''), {
    extensions: { btree_gin, pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  const notifications = createInProcessNotifications();
  return {
    db,
    kind: 'pglite',
    notifications,
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      await notifications.close();
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The database of DATABASE_URL, migrated: over DATABASE_OWNER_URL when it is given (PostgreSQL only), which
 * then grants DATABASE_URL's role the rights the server needs and no more (owner-migrations.ts); otherwise
 * over DATABASE_URL itself, which then owns the tables.
 */
export async function openMigratedDatabase(url: string, ownerUrl: string | null = null): Promise<Database> {
  const database = await createDatabase(url);
  try {
    if (ownerUrl) {
      if (database.kind !== 'postgres')
        throw new Error('DATABASE_OWNER_URL needs a postgres:// DATABASE_URL');
      const { rows } = (await database.db.execute(sql`select current_user as role`)) as unknown as {
        rows: { role: string }[];
      };
      await migrateAsOwner(ownerUrl, String(rows[0]?.role), MIGRATIONS_FOLDER);
    } else {
      await migrateDatabase(database);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Applies the committed SQL migrations (src/db/migrations) that have not run yet. */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // Each migrator wants its own driver's database type; the runtime object is that driver's by construction.
  if (database.kind === 'postgres') {
    await migrateNodePg(database.db as Parameters<typeof migrateNodePg>[0], config);
  } else {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], config);
  }
}

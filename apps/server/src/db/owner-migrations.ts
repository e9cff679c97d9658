import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/** The advisory lock key of migrating and granting (any fixed number no other lock uses). */
export const OWNER_MIGRATIONS_LOCK = 7_212_303;

/**
 * Migrates over the owner role's connection (DATABASE_OWNER_URL), then gives `appRole` — the role of
 * DATABASE_URL — exactly the rights the server uses, so that the server's role can change rows but never a
 * table (docs/decisions/0019): no owning, no TRUNCATE, no disabling a trigger. Granted after every migration
 * run, so tables a later migration adds are covered without default privileges.
 */
export async function migrateAsOwner(
  ownerUrl: string,
  appRole: string,
  migrationsFolder: string,
): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  // A connection lost mid-way fails the query that is waiting; without a listener it would crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    // Instances starting together take turns: two GRANTs on one table at once fail ("tuple concurrently updated").
    await client.query('select pg_advisory_lock($1)', [OWNER_MIGRATIONS_LOCK]);
    await refuseAppRoleThatCanAlter(client, appRole);
    await migrate(drizzle(client), { migrationsFolder });
    await client.query(grants(client.escapeIdentifier(appRole)));
  } finally {
    await client.end(); // ends the session, and so its advisory lock
  }
}

/**
 * Rows of every table, read and written; the audit log only read and appended to (its triggers refuse the
 * rest to everyone, and a role without UPDATE, DELETE or TRUNCATE cannot even try); sequences for the ids.
 * Everything is revoked first, so rights given by hand before are not kept. One transaction: a running
 * instance never sees its role without its rights.
 */
function grants(role: string): string {
  return `BEGIN;
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role};
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role};
GRANT USAGE ON SCHEMA public TO ${role};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
REVOKE UPDATE, DELETE ON public.audit_log FROM ${role};
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role};
COMMIT;`;
}

/**
 * A role that owns a table, owns the schema (the database's owner does, from PostgreSQL 15), is a superuser
 * or is a member of the owner role may alter tables and disable the audit log's triggers whatever it is
 * granted: starting with it would only look separated.
 */
async function refuseAppRoleThatCanAlter(client: pg.Client, appRole: string): Promise<void> {
  const { rows } = await client.query<{ can_alter: boolean }>(
    `select pg_has_role($1, current_user, 'MEMBER')
         or pg_has_role($1, n.nspowner, 'MEMBER')
         or exists (select 1 from pg_class c where c.relnamespace = n.oid and pg_has_role($1, c.relowner, 'MEMBER'))
       as can_alter
     from pg_namespace n where n.nspname = 'public'`,
    [appRole],
  );
  if (rows[0]?.can_alter) {
    throw new Error(
      `the role of DATABASE_URL ("${appRole}") can alter the tables: it owns them or the schema, is a superuser ` +
        'or is a member of the role of DATABASE_OWNER_URL. Give the server a role of its own (README, "PostgreSQL")',
    );
  }
}

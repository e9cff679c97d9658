import { randomBytes } from 'node:crypto';
import type { AuditLogResponse } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/helpers/auth';
import { testConfig } from '../../test/helpers/test-config';
import { adminQuery, runDatabasePrefix, testDatabaseKinds } from '../../test/helpers/test-databases';
import { post } from '../../test/helpers/whatsapp';
import { buildApp } from '../app';
import { resolveSharedSecrets } from '../shared-secrets';
import { type Database, openMigratedDatabase } from './client';

// The server's PostgreSQL role only reads and writes rows; the owner role of DATABASE_OWNER_URL migrates
// (README, "PostgreSQL"; docs/decisions/0019). Roles are cluster-wide: these carry the run's prefix, like the
// test databases, and are dropped after the suite (and by the run's global teardown if it was killed).
describe.runIf(testDatabaseKinds().includes('postgres'))('database roles [postgres]', () => {
  const adminUrl = String(process.env.TEST_DATABASE_URL);
  const name = () => `${runDatabasePrefix()}${suffix}`;
  const suffix = randomBytes(4).toString('hex');
  const ownerRole = () => `${name()}_owner`;
  const appRole = () => `${name()}_app`;
  const password = randomBytes(12).toString('hex');
  const urlAs = (role: string) => {
    const url = new URL(adminUrl);
    url.username = role;
    url.password = password;
    url.pathname = `/${name()}`;
    return url.toString();
  };
  let database: Database | undefined;
  let app: FastifyInstance | undefined;

  /** Runs one statement on a connection of its own as `role`; resolves to the error's message, or 'ok'. */
  async function runAs(role: string, statement: string): Promise<string> {
    const client = new pg.Client({ connectionString: urlAs(role) });
    await client.connect();
    try {
      await client.query(statement);
      return 'ok';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await adminQuery(adminUrl, `create role "${ownerRole()}" login password '${password}'`);
    await adminQuery(adminUrl, `create role "${appRole()}" login password '${password}'`);
    await adminQuery(adminUrl, `create database "${name()}" owner "${ownerRole()}"`);
    // As main.ts starts: open as the app's role, migrate as the owner, fill in the shared secrets, build.
    database = await openMigratedDatabase(urlAs(appRole()), urlAs(ownerRole()));
    const config = await resolveSharedSecrets(
      testConfig({
        databaseUrl: urlAs(appRole()),
        databaseOwnerUrl: urlAs(ownerRole()),
        pendingSecrets: ['jwt_secret'],
      }),
      database,
    );
    app = await buildApp(config, { database, logger: false });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await adminQuery(adminUrl, `drop database if exists "${name()}" with (force)`);
    await adminQuery(adminUrl, `drop role if exists "${appRole()}"`);
    await adminQuery(adminUrl, `drop role if exists "${ownerRole()}"`);
  });

  it('serves as the limited role: an action is done and recorded in the audit log', async () => {
    if (!app) throw new Error('no app');
    const owner = await signUp(app);
    const agent = await post(app, owner, '/org/addAgent/', {
      agent_name: 'Raj',
      agent_number: '+919876543210',
    });
    expect(agent.status, agent.raw.body).toBe(201);
    const log = await post<AuditLogResponse>(app, owner, '/org/getAuditLog/', {});
    expect(log.body.entries.map((entry) => entry.action)).toEqual(['agent.added', 'auth.signed_in']);
  });

  it('gives the app role rows only: no changing the audit log, no truncate, no disabling its triggers', async () => {
    for (const statement of [
      'truncate audit_log',
      "update audit_log set target = 'changed'",
      'delete from audit_log',
      'truncate users',
    ]) {
      expect(await runAs(appRole(), statement), statement).toMatch(/^permission denied/);
    }
    for (const statement of [
      'alter table audit_log disable trigger audit_log_append_only',
      'alter table audit_log disable trigger all',
      'drop trigger audit_log_append_only on audit_log',
      'create table squatter (id int)',
    ]) {
      expect(await runAs(appRole(), statement), statement).toMatch(/^(must be owner|permission denied)/);
    }
    const { rows } = await adminQuery(
      urlAs(ownerRole()),
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and pg_get_userbyid(c.relowner) = $1`,
      [appRole()],
    );
    expect(rows).toEqual([]);
    // Rights on rows elsewhere are whole: the app updates and deletes its own tables.
    expect(await runAs(appRole(), "update users set first_name = first_name where email = 'nobody'")).toBe(
      'ok',
    );
    expect(await runAs(appRole(), 'delete from login_failures')).toBe('ok');
  });

  it('refuses TRUNCATE of the audit log to its owner too, and a second start keeps the rights as they are', async () => {
    for (const statement of ['truncate audit_log', 'truncate organisations cascade']) {
      expect(await runAs(ownerRole(), statement), statement).toBe('audit log entries cannot be changed');
    }
    const again = await openMigratedDatabase(urlAs(appRole()), urlAs(ownerRole()));
    await again.close();
    expect(await runAs(appRole(), 'delete from audit_log')).toMatch(/^permission denied/);
    expect(await runAs(appRole(), 'select count(*) from audit_log')).toBe('ok');
  });

  it('will not start when the role of DATABASE_URL could alter the tables anyway', async () => {
    const refusal = /role of DATABASE_URL .* can alter the tables/;
    // The owner role itself: it could disable the trigger.
    await expect(openMigratedDatabase(urlAs(ownerRole()), urlAs(ownerRole()))).rejects.toThrow(refusal);
    // The database's owner owns its public schema (PostgreSQL 15), and may drop any table in it.
    await adminQuery(adminUrl, `alter database "${name()}" owner to "${appRole()}"`);
    try {
      await expect(openMigratedDatabase(urlAs(appRole()), urlAs(ownerRole()))).rejects.toThrow(refusal);
    } finally {
      await adminQuery(adminUrl, `alter database "${name()}" owner to "${ownerRole()}"`);
    }
  });
});

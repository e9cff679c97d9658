import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { adminQuery } from './helpers/test-databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's PostgreSQL test databases and roles, so that the teardown drops exactly those. */
    testRunId: string;
  }
}

/**
 * Test workers keep their databases for their whole life (test/helpers/test-databases.ts); PostgreSQL's
 * outlive the workers, so the run drops every database it created once all files are done — and only
 * those, so that two runs on one machine never drop each other's.
 */
export default function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  return async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const { rows } = await adminQuery(adminUrl, 'select datname from pg_database where datname like $1', [
      `wadesk_t_${runId}_%`,
    ]);
    for (const { datname } of rows as { datname: string }[]) {
      await adminQuery(adminUrl, `drop database if exists "${datname}" with (force)`);
    }
    // Roles a suite creates (src/db/owner-migrations.test.ts) carry the same prefix; a suite drops its own,
    // unless it was stopped before its afterAll. Dropped after the databases their rights live in.
    const roles = await adminQuery(adminUrl, 'select rolname from pg_roles where rolname like $1', [
      `wadesk_t_${runId}_%`,
    ]);
    for (const { rolname } of roles.rows as { rolname: string }[]) {
      await adminQuery(adminUrl, `drop role if exists "${rolname}"`);
    }
  };
}

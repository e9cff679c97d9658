import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import type { Database, Db } from '../../src/db/client';
import { createFakeClock, type FakeClock } from './fake-clock';
import { testConfig, testPasswords } from './test-config';
import {
  resetDatabase,
  sharedTestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from './test-databases';

export interface TestContext {
  readonly kind: TestDatabaseKind;
  readonly database: Database;
  readonly db: Db;
  /** A fresh app per test (per describe with `shareApp`), built with `testConfig()` on this database and `clock`. */
  readonly app: FastifyInstance;
  /** The app's clock; reset to the real time before each test. */
  readonly clock: FakeClock;
  /** This suite's temporary DATA_DIR. */
  readonly dataDir: string;
  /** Another app on the same database with some config changed (e.g. low rate limits); closed after the test. */
  buildApp(overrides?: Partial<Config>, deps?: AppDeps): Promise<FastifyInstance>;
  /** Number of rows in a table, for asserting that a rejected request stored nothing. */
  count(table: PgTable): Promise<number>;
}

export interface DescribeOptions {
  /**
   * One app and one emptying of the tables for the whole `describe`, not per test: for suites whose cases
   * store nothing they depend on (validation, roles, bad input) and only read what `beforeAll` set up.
   */
  shareApp?: boolean;
}

/**
 * Runs `body` on the worker's in-memory PGlite as `describe('<name> [pglite]')`. Every test starts with
 * empty tables and a new app from `ctx.app` (unless `shareApp`):
 *
 *   describeWithDatabase('agents', (ctx) => {
 *     it('lists nothing at first', async () => {
 *       const res = await ctx.app.inject({ method: 'POST', url: '/org/listAgent/', headers: … });
 *       expect(res.json()).toEqual([]);
 *     });
 *   });
 *
 * Suites that depend on how real PostgreSQL behaves use `describeEachDatabase` instead.
 */
export function describeWithDatabase(
  name: string,
  body: (ctx: TestContext) => void,
  options: DescribeOptions = {},
): void {
  describeOn(['pglite'], name, body, options);
}

/**
 * The PostgreSQL-tagged suites: like `describeWithDatabase`, once on PGlite and once more on PostgreSQL
 * when TEST_DATABASE_URL is set. Use it for what depends on real PostgreSQL behaviour — row locks,
 * `FOR UPDATE SKIP LOCKED`, advisory locks, LISTEN/NOTIFY, leases and fencing, concurrent transactions
 * on unique indexes, the ticket engine and merge, migrations — where PGlite's one connection would hide
 * the race (docs/testing.md).
 */
export function describeEachDatabase(
  name: string,
  body: (ctx: TestContext) => void,
  options: DescribeOptions = {},
): void {
  describeOn(testDatabaseKinds(), name, body, options);
}

function describeOn(
  kinds: TestDatabaseKind[],
  name: string,
  body: (ctx: TestContext) => void,
  options: DescribeOptions,
): void {
  for (const kind of kinds) describe(`${name} [${kind}]`, () => body(createContext(kind, options)));
}

function createContext(kind: TestDatabaseKind, options: DescribeOptions): TestContext {
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let dataDir: string | undefined;
  const apps: FastifyInstance[] = [];
  const clock = createFakeClock();

  // Apps built inside a test are closed after it; apps built in a `beforeAll` (with `shareApp`, `ctx.app`
  // too) live until the describe ends.
  const suiteApps: FastifyInstance[] = [];
  let inTest = false;
  const start = async () => {
    await resetDatabase(ready(database));
    clock.set(new Date());
    app = await context.buildApp();
  };
  const closeAll = (list: FastifyInstance[]) =>
    Promise.all(list.splice(0).map((instance) => instance.close()));

  beforeAll(async () => {
    database = await sharedTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), 'wadesk-test-'));
    if (options.shareApp) await start();
  });
  afterAll(async () => {
    await closeAll(suiteApps);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    inTest = true;
    if (options.shareApp) clock.set(new Date());
    else await start();
  });
  afterEach(async () => {
    inTest = false;
    await closeAll(apps);
  });

  const context: TestContext = {
    kind,
    clock,
    get database() {
      return ready(database);
    },
    get db() {
      return ready(database).db;
    },
    get app() {
      return ready(app);
    },
    get dataDir() {
      return ready(dataDir);
    },
    async buildApp(overrides = {}, deps = {}) {
      const config = testConfig({ dataDir: ready(dataDir), ...overrides });
      const instance = await buildApp(config, {
        database: ready(database),
        clock,
        logger: false,
        passwords: testPasswords,
        ...deps,
      });
      (inTest ? apps : suiteApps).push(instance);
      return instance;
    },
    count: (table) => ready(database).db.$count(table),
  };
  return context;
}

function ready<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Test context used outside a test (before its hooks ran)');
  return value;
}

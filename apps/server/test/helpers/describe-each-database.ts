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
import { testConfig } from './test-config';
import {
  disposeTestDatabases,
  sharedTestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
  truncateAll,
} from './test-databases';

export interface TestContext {
  readonly kind: TestDatabaseKind;
  readonly database: Database;
  readonly db: Db;
  /** A fresh app per test, built with `testConfig()` on this database and `clock`. */
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

let teardownRegistered = false;

/**
 * Runs `body` once per test database kind (PGlite always, PostgreSQL when TEST_DATABASE_URL is set), as
 * `describe('<name> [<kind>]')`. Every test starts with empty tables and a new app from `ctx.app`:
 *
 *   describeEachDatabase('agents', (ctx) => {
 *     it('lists nothing at first', async () => {
 *       const res = await ctx.app.inject({ method: 'POST', url: '/org/listAgent/', headers: … });
 *       expect(res.json()).toEqual([]);
 *     });
 *   });
 *
 * Call it at the top level of a test file; the file's databases are closed after its last test.
 */
export function describeEachDatabase(name: string, body: (ctx: TestContext) => void): void {
  if (!teardownRegistered) {
    teardownRegistered = true;
    afterAll(async () => {
      teardownRegistered = false;
      await disposeTestDatabases();
    });
  }
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => body(createContext(kind)));
  }
}

function createContext(kind: TestDatabaseKind): TestContext {
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let dataDir: string | undefined;
  const apps: FastifyInstance[] = [];
  const clock = createFakeClock();

  beforeAll(async () => {
    database = await sharedTestDatabase(kind);
    dataDir = await mkdtemp(join(tmpdir(), 'wadesk-test-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await truncateAll(ready(database));
    clock.set(new Date());
    app = await context.buildApp();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((instance) => instance.close()));
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
      const instance = await buildApp(config, { database: ready(database), clock, logger: false, ...deps });
      apps.push(instance);
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

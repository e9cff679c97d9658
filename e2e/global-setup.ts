import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { CHROMIUM_OPTIONS } from './support/browser';
import { pgdataTemplate } from './support/pgdata-template';
import {
  createPostgresTemplate,
  dropPostgresDatabases,
  postgresAdminUrl,
} from './support/postgres-databases';
import { buildServerBundle, removeServerBundle } from './support/server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one chromium listens: each file connects to it (support/shared-browser.ts). */
    browserEndpoint: string;
  }
}

// The e2e suite drives the production build, exactly what `npm start` serves, in one chromium for the
// whole run: launching one per file cost about a second of both cores each time. Files still never share
// a page or its storage — every page opens in a new browser context.
export default async function setup(project: TestProject) {
  ensureWebBuild({ quiet: true });
  const runId = randomBytes(4).toString('hex');
  project.provide('e2eRunId', runId);
  await buildServerBundle(runId);
  // Made once here, so that files starting their servers at once do not each build it. With PostgreSQL
  // only the files that ask for PGlite use its template, and the first of them makes it.
  if (postgresAdminUrl()) await createPostgresTemplate(runId);
  else await pgdataTemplate();
  const server = await chromium.launchServer(CHROMIUM_OPTIONS);
  project.provide('browserEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
    if (postgresAdminUrl()) await dropPostgresDatabases(runId);
    await removeServerBundle(runId);
  };
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeWithDatabase } from '../../test/helpers/describe-each-database';
import { isApiPath } from './web-app';

const INDEX = '<!doctype html><title>wadesk</title><div id="root"></div>';

function buildWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wadesk-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'x.js'), 'console.log("x")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  return dir;
}

describeWithDatabase('SPA serving', (ctx) => {
  let webDist: string;
  let app: FastifyInstance;
  beforeAll(() => {
    webDist = buildWebDist();
  });
  beforeEach(async () => {
    app = await ctx.buildApp({ webDist });
  });
  const get = (url: string) => app.inject({ method: 'GET', url });

  it('serves index.html for / and for every page path, uncached', async () => {
    for (const url of ['/', '/dashboard', '/messages?chatId=3', '/some/unknown', '/login']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await get('/assets/x.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("x")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('answers JSON 404 for unknown API paths and missing assets, not the SPA', async () => {
    for (const url of ['/users/nope/', '/api/missing/', '/org/x', '/v1/y/', '/assets/missing.js', '/sim/z']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({
        message: 'There is no such address on this server. Check the link.',
      });
    }
    expect((await app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
  });

  it('keeps API routes working beside the SPA', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok', database: 'up' });
    expect((await get('/docs/json')).statusCode).toBe(200);
  });

  it('does not serve files outside the dist directory', async () => {
    const response = await get('/..%2f..%2f..%2fetc%2fpasswd');
    expect(response.body).not.toContain('root:');
  });

  it('sends the CSP with the page', async () => {
    expect((await get('/dashboard')).headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('isApiPath', () => {
  it('recognises API roots exactly by their first segment', () => {
    for (const path of [
      '/users/login/',
      '/v1/uploadfile/',
      '/api/x',
      '/org/y',
      '/docs',
      '/docs/json',
      '/healthz',
      '/config/',
      '/sim/',
      '/config?x=1',
      '/events/nope',
      '/files',
    ]) {
      expect(isApiPath(path), path).toBe(true);
    }
    for (const path of ['/', '/dashboard', '/userscape', '/apis', '/messages?next=/api/x']) {
      expect(isApiPath(path), path).toBe(false);
    }
  });
});

import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** First path segments that belong to the API: unknown paths under them answer JSON 404, never the SPA. */
const API_ROOTS = new Set([
  'users',
  'v1',
  'api',
  'org',
  'docs',
  'healthz',
  'config',
  'sim',
  'events',
  'files',
]);

export function isApiPath(url: string): boolean {
  const firstSegment = url.split(/[?#]/, 1)[0]?.split('/')[1] ?? '';
  return API_ROOTS.has(firstSegment);
}

/**
 * Serves the built SPA from `webDist` when it holds an index.html, with a history fallback: a GET for a
 * page path that is not a file gets index.html and the SPA routes it (including its own 404 page).
 * Also installs the not-found handler, so unknown API routes answer JSON whether or not the SPA is there.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasSpa = existsSync(join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts content-hashed files under assets/: a changed file gets a new name, so cache forever.
        const hashed = relative(webDist, filePath).startsWith(`assets${sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing asset is a stale or broken build: answering HTML there would hide it.
    if (!hasSpa || !isPage || isApiPath(request.url) || request.url.startsWith('/assets/')) {
      return reply.code(404).send({ message: 'There is no such address on this server. Check the link.' });
    }
    return reply.sendFile('index.html');
  });
}

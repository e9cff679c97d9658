import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { unstorablePath } from '../text';

export const unstorableText = (field: string) =>
  `${field}: Remove the NUL character (U+0000) or the broken character (an unpaired surrogate) from this text.`;

/**
 * Every request's query, route parameters and JSON body are checked before validation: text a user typed
 * that PostgreSQL cannot store answers 400 and stores nothing, the same on PGlite and PostgreSQL (see
 * text.ts). A chat save carries someone else's text and is cleaned instead, in prepare-save.ts.
 */
export function installUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Fastify's params and query objects are not plain objects: read their entries as they are.
    for (const part of [request.params, request.query]) {
      if (!part || typeof part !== 'object') continue;
      const path = unstorablePath(Object.fromEntries(Object.entries(part)));
      if (path !== null) throw new AppError(400, unstorableText(path));
    }
    const path = unstorablePath(request.body);
    if (path !== null) throw new AppError(400, unstorableText(path || 'body'));
  });
}

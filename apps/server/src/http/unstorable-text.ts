import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { storableDeep, unstorablePath } from '../text';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body fields that carry someone else's text (a chat export's messages and authors): characters
     * PostgreSQL cannot store are taken out of them instead of refusing the request.
     */
    exportedText?: readonly string[];
  }
}

export const unstorableText = (field: string) =>
  `${field}: Remove the NUL character (U+0000) or the broken character (an unpaired surrogate) from this text.`;

/**
 * Every request's query, route parameters and JSON body are checked before validation: text a user typed
 * that PostgreSQL cannot store answers 400 and stores nothing, the same on PGlite and PostgreSQL (see
 * text.ts). The body fields a route lists in `exportedText` are cleaned instead.
 */
export function installUnstorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Fastify's params and query objects are not plain objects: read their entries as they are.
    for (const part of [request.params, request.query]) {
      if (!part || typeof part !== 'object') continue;
      const path = unstorablePath(Object.fromEntries(Object.entries(part)));
      if (path !== null) throw new AppError(400, unstorableText(path));
    }
    const exported = request.routeOptions.config.exportedText ?? [];
    let body = request.body;
    if (exported.length > 0 && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const cleaned: Record<string, unknown> = { ...(body as Record<string, unknown>) };
      for (const field of exported) if (field in cleaned) cleaned[field] = storableDeep(cleaned[field]);
      body = request.body = cleaned;
    }
    const path = unstorablePath(body);
    if (path !== null) throw new AppError(400, unstorableText(path || 'body'));
  });
}

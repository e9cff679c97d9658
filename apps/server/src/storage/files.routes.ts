import { classifyAttachment } from '@wadesk/chat-export';
import { storageMessages } from '@wadesk/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { parseRange } from './byte-range';
import { contentDisposition } from './content-disposition';
import type { LocalStorage } from './local-storage';
import { isSafeObjectName } from './storage';

export interface FilesRoutesOptions {
  storage: LocalStorage;
  clock: Clock;
}

const one = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * GET /files/<object name>?exp=…&sig=…[&dl=…]: the local driver's signed links. The signature is the
 * only credential (media elements send no bearer token), so nothing is read before it checks out.
 */
export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (app, { storage, clock }) => {
  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const params = request.params as Record<string, string | undefined>;
    const query = request.query as Record<string, unknown>;
    const name = params['*'] ?? '';
    const [exp, sig, dl] = [one(query.exp), one(query.sig), one(query.dl)];
    if (!isSafeObjectName(name) || !exp || !sig || storage.checkLink({ name, exp, dl }, sig) !== 'valid') {
      throw new AppError(403, storageMessages.linkInvalid);
    }
    const found = await storage.head(name);
    if (!found) throw new AppError(404, storageMessages.fileNotFound);

    const { size } = found;
    const range = parseRange(request.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      throw new AppError(416, 'The requested range is outside the file.');
    }
    const maxAge = Math.max(0, Number(exp) - Math.floor(clock().getTime() / 1000));
    reply.headers({
      'content-type': classifyAttachment(name).mime,
      'content-disposition': contentDisposition(dl),
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      // Each link is its own URL, so the browser may keep the bytes as long as the link lives.
      'cache-control': `private, max-age=${maxAge}`,
      // A served file is never a page: no scripts, even if a browser were talked into rendering it.
      'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
    });
    if (range.kind === 'whole') {
      return reply
        .code(200)
        .header('content-length', size)
        .send(await storage.get(name));
    }
    const { start, end } = range.range;
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(await storage.get(name, range.range));
  });
};

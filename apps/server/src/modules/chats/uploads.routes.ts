import multipart from '@fastify/multipart';
import {
  type ChatData,
  chatData,
  errorResponse,
  presignBatchRequest,
  presignBatchResponse,
  presignRequest,
  presignResponse,
} from '@wadesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { ImportService } from './import.service';
import type { MediaLinksService } from './media-links.service';
import { acceptsGzip } from './message-codec';
import { readUploadedFile } from './multipart-upload';
import { ownerOf } from './owner';

export interface UploadsRoutesOptions {
  imports: ImportService;
  links: MediaLinksService;
  uploadLimitBytes: number;
  /** onRequest hook limiting uploads per minute (auth/rate-limit.ts perMinute). */
  uploadLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

const tags = ['chats'];

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, options) => {
  const { imports, links, uploadLimitBytes, uploadLimit } = options;
  // Registered here, not on the root: only this plugin's routes accept multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: uploadLimitBytes,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
      headerPairs: 100,
    },
  });

  app.post(
    '/v1/uploadfile/',
    {
      onRequest: [app.authenticate, uploadLimit],
      schema: {
        tags,
        summary: 'Parse an exported chat (.txt, or .zip with media) and store the media it references',
        description: 'multipart/form-data with the file in the field `file_uploaded`.',
        consumes: ['multipart/form-data'],
        security: bearerAuth,
        response: {
          200: chatData,
          400: errorResponse,
          413: errorResponse,
          415: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const file = await readUploadedFile(request, uploadLimitBytes);
      const gzipOk = acceptsGzip(request.headers['accept-encoding']);
      const { body, gzip } = await imports.importExport(ownerOf(request), file, gzipOk);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      // The answer was encoded in a worker from the parser's output (prepare-upload.ts): a Buffer skips
      // the response serialiser, which would check and serialise ~43 MB on the event loop. The typed
      // reply only knows the parsed shape, hence the cast; the schema above still documents it.
      return reply.send(body as unknown as ChatData);
    },
  );

  app.post(
    '/v1/getS3PresignedUrl/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'A signed, expiring link to one of your attachments',
        security: bearerAuth,
        body: presignRequest,
        response: { 200: presignResponse, 404: errorResponse },
      },
    },
    async (request) => links.one(ownerOf(request), request.body.object_name),
  );

  app.post(
    '/v1/getPresignedUrls/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Signed links for many attachments at once (names not yours are listed as missing)',
        security: bearerAuth,
        body: presignBatchRequest,
        response: { 200: presignBatchResponse },
      },
    },
    async (request) => links.many(ownerOf(request), request.body.object_names),
  );
};

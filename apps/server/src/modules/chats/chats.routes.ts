import type { IncomingMessage } from 'node:http';
import {
  type ChatData,
  chatData,
  deleteSavedChatRequest,
  errorResponse,
  getSavedChatRequest,
  renameSavedChatRequest,
  saveChatRequest,
  saveChatResponse,
  savedChatList,
  successMessage,
} from '@wadesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, MALFORMED_JSON } from '../../errors';
import { bearerAuth } from '../auth/authenticate';
import type { ChatsService } from './chats.service';
import { acceptsGzip } from './message-codec';
import { ownerOf } from './owner';
import type { PreparedSave } from './prepare-save';
import { createBodySpool, SpooledBody } from './save-body';

export interface ChatsRoutesOptions {
  /** onRequest hook limiting saves per minute, before the (large) body is read. */
  saveLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  chats: ChatsService;
  /** A 40,000-message chat is ~13 MB of JSON, far above the default body limit. */
  saveBodyLimitBytes: number;
  /** Reads, checks and encodes a save body spooled to a file (prepare-save.ts), in a worker thread. */
  prepareSave: (path: string) => Promise<PreparedSave>;
}

const tags = ['chats'];

export const chatsRoutes: FastifyPluginAsyncZod<ChatsRoutesOptions> = async (
  app,
  { chats, saveBodyLimitBytes, saveLimit, prepareSave },
) => {
  await app.register(async (scoped) => {
    // The body goes to a temporary file on this route (save-body.ts): prepareSave reads up to 64 MB of
    // JSON from it as a stream in a worker thread, so the event loop never holds it. The schema below
    // only documents it.
    const spool = createBodySpool(saveBodyLimitBytes);
    scoped.addHook('onClose', async () => spool.close());
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', (request: FastifyRequest, payload: IncomingMessage) =>
      spool.parse(request, payload),
    );
    // Whatever ended the request (a refusal before the handler, an error), the file goes.
    scoped.addHook('onResponse', async (request) => {
      if (request.body instanceof SpooledBody) await request.body.dispose();
    });
    scoped.post(
      '/v1/saveChatData/',
      {
        onRequest: [scoped.authenticate, saveLimit],
        bodyLimit: saveBodyLimitBytes,
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          summary: 'Save a chat under a name (all or nothing)',
          security: bearerAuth,
          body: saveChatRequest,
          response: { 201: saveChatResponse, 400: errorResponse, 413: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (!(body instanceof SpooledBody)) throw new AppError(400, MALFORMED_JSON);
        const prepared = await prepareSave(body.path).finally(() => body.dispose());
        if (!prepared.ok) throw new AppError(prepared.status, prepared.message);
        return reply.code(201).send(await chats.save(ownerOf(request), prepared));
      },
    );
  });

  app.post(
    '/v1/getSavedChatList/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Your saved chats, newest first',
        security: bearerAuth,
        response: { 200: savedChatList },
      },
    },
    async (request) => chats.list(ownerOf(request)),
  );

  app.post(
    '/v1/getSavedChat/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'One saved chat',
        security: bearerAuth,
        body: getSavedChatRequest,
        response: { 200: chatData, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const gzipOk = acceptsGzip(request.headers['accept-encoding']);
      const { body, gzip } = await chats.loadAnswer(ownerOf(request), request.body.chat_id, gzipOk);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (gzip) reply.header('content-encoding', 'gzip');
      // A Buffer skips the response serialiser (the stored JSON is sent as it is); the typed reply only
      // knows the parsed shape, hence the cast.
      return reply.send(body as unknown as ChatData);
    },
  );

  app.post(
    '/v1/renameSavedChat/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Rename a saved chat',
        security: bearerAuth,
        body: renameSavedChatRequest,
        response: { 200: saveChatResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => chats.rename(ownerOf(request), request.body.chat_id, request.body.chat_name),
  );

  app.post(
    '/v1/deleteSavedChat/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Delete a saved chat and the files only it showed',
        security: bearerAuth,
        body: deleteSavedChatRequest,
        response: { 200: successMessage, 404: errorResponse },
      },
    },
    async (request) => chats.remove(ownerOf(request), request.body.chat_id),
  );
};

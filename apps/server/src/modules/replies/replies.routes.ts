import multipart from '@fastify/multipart';
import {
  COMPOSER_FILE_FIELD,
  cannedRepliesResponse,
  cannedReply,
  composerMessages,
  deleteCannedReplyRequest,
  errorResponse,
  MAX_COMPOSER_FILE_BYTES,
  MAX_REPLY_LENGTH,
  replyMessages,
  replyToTicketRequest,
  replyToTicketResponse,
  retryGroupMessageRequest,
  retryReplyRequest,
  saveCannedReplyRequest,
  sendGroupMessageResponse,
  sendPollRequest,
  sendPollResponse,
  successMessage,
} from '@wadesk/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ObjectStorage } from '../../storage/storage';
import { bearerAuth } from '../auth/authenticate';
import type { Limiter } from '../auth/rate-limit';
import type { CannedRepliesService } from './canned-replies.service';
import { readComposerRequest } from './composer-upload';
import type { GroupMessagesService } from './group-messages.service';
import type { RepliesService } from './replies.service';

export interface RepliesRoutesOptions {
  replies: RepliesService;
  canned: CannedRepliesService;
  groupMessages: GroupMessagesService;
  /** Where the composer's attachments wait until the session's owner sends them. */
  storage: ObjectStorage;
  limit: Limiter;
  /** Replies per minute per WhatsApp session, whichever instance sends them. */
  perSessionPerMinute: number;
}

const tags = ['replies'];

export const repliesRoutes: FastifyPluginAsyncZod<RepliesRoutesOptions> = async (
  app,
  { replies, canned, groupMessages, storage, limit, perSessionPerMinute },
) => {
  // Only this plugin's routes accept multipart bodies: the composer's attachment (decision 0024).
  await app.register(multipart, {
    limits: {
      // One past the largest kind's limit: the upload's own cap (composer-upload.ts) answers first, by kind.
      fileSize: MAX_COMPOSER_FILE_BYTES + 1,
      files: 1,
      fields: 10,
      // A text of 4096 characters, each up to 4 bytes in UTF-8.
      fieldSize: MAX_REPLY_LENGTH * 4,
      parts: 20,
      headerPairs: 100,
    },
  });
  app.addHook('onRequest', app.authenticate);
  const admin = app.requireRole('admin');
  /** Replies and their retries spend one per-session limit (sends, not attempts: see RepliesService.send). */
  const throttle = (reply: FastifyReply) => (sessionId: string) =>
    limit(`desk-reply:${sessionId}`, perSessionPerMinute, reply, replyMessages.tooManyReplies);
  const sendResponses = {
    200: replyToTicketResponse,
    400: errorResponse,
    401: errorResponse,
    404: errorResponse,
    409: errorResponse,
    429: errorResponse,
    502: errorResponse,
    504: errorResponse,
  };

  app.post(
    '/org/replyToTicket/',
    {
      schema: {
        tags,
        summary: "Reply to a ticket's customer on WhatsApp, quoting their latest message",
        security: bearerAuth,
        body: replyToTicketRequest,
        response: sendResponses,
      },
    },
    async (request, reply) => replies.send(request.user, request.body, throttle(reply)),
  );

  app.post(
    '/org/sendPoll/',
    {
      schema: {
        tags,
        summary: "Send a poll into a ticket's group, as a reply from the desk",
        security: bearerAuth,
        body: sendPollRequest,
        response: { ...sendResponses, 200: sendPollResponse },
      },
    },
    async (request, reply) => replies.sendPoll(request.user, request.body, throttle(reply)),
  );

  app.post(
    '/org/retryReply/',
    {
      schema: {
        tags,
        summary: 'Send a reply WhatsApp refused again, as a new message with the same text',
        security: bearerAuth,
        body: retryReplyRequest,
        response: sendResponses,
      },
    },
    async (request, reply) => replies.retry(request.user, request.body, throttle(reply)),
  );

  app.post(
    '/api/sendGroupMessage/',
    {
      schema: {
        tags,
        summary: "Write into a group as its session's linked account, with a photo, video or document or not",
        description: `multipart/form-data with the fields session_id, group_id and text, and the file in the field \`${COMPOSER_FILE_FIELD}\` (photo and video up to 16 MB, document up to 100 MB); or JSON without a file.`,
        consumes: ['multipart/form-data', 'application/json'],
        security: bearerAuth,
        response: { ...sendResponses, 200: sendGroupMessageResponse, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      const input = await readComposerRequest(request, storage);
      // The composer spends the same per-session limit as the desk's replies.
      const throttle = (sessionId: string) =>
        limit(`desk-reply:${sessionId}`, perSessionPerMinute, reply, composerMessages.tooMany);
      return groupMessages.send(request.user, input, throttle);
    },
  );

  app.post(
    '/api/retryGroupMessage/',
    {
      schema: {
        tags,
        summary: 'Send a message the composer wrote and WhatsApp refused again, as a new message',
        security: bearerAuth,
        body: retryGroupMessageRequest,
        response: { ...sendResponses, 200: sendGroupMessageResponse },
      },
    },
    async (request, reply) => {
      const throttle = (sessionId: string) =>
        limit(`desk-reply:${sessionId}`, perSessionPerMinute, reply, composerMessages.tooMany);
      return groupMessages.retry(request.user, request.body, throttle);
    },
  );

  app.post(
    '/org/getCannedReplies/',
    {
      schema: {
        tags,
        summary: "The organisation's canned replies, by shortcut",
        security: bearerAuth,
        response: { 200: cannedRepliesResponse, 401: errorResponse },
      },
    },
    async (request) => canned.list(request.user.organisationId),
  );

  app.post(
    '/org/saveCannedReply/',
    {
      onRequest: [admin],
      schema: {
        tags,
        summary: 'Add a canned reply, or change one (with `id`)',
        security: bearerAuth,
        body: saveCannedReplyRequest,
        response: {
          200: cannedReply,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => canned.save(request.user, request.body),
  );

  app.post(
    '/org/deleteCannedReply/',
    {
      onRequest: [admin],
      schema: {
        tags,
        summary: 'Delete a canned reply',
        security: bearerAuth,
        body: deleteCannedReplyRequest,
        response: {
          200: successMessage,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => {
      await canned.remove(request.user, request.body.id);
      return { success: true, message: replyMessages.cannedDeleted };
    },
  );
};

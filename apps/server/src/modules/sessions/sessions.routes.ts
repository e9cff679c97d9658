import {
  errorResponse,
  requestPairingCodeRequest,
  requestPairingCodeResponse,
  sessionIdRequest,
  sessionListResponse,
  sessionMessages,
  sessionStatusResponse,
  startSessionRequest,
  startSessionResponse,
  successMessage,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireFields } from '../../http/require-fields';
import { bearerAuth } from '../auth/authenticate';
import type { Limiter } from '../auth/rate-limit';
import type { SessionsService } from './sessions.service';

const tags = ['sessions'];
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * Pairing codes an organisation may ask for per minute: each one makes WhatsApp notify the phone whose
 * number was given, so a signed-in user must not turn the server into a sender of link prompts.
 */
export const PAIRING_CODES_PER_MINUTE = 5;
const needsSessionId = requireFields({ sessionID: sessionMessages.noSessionId });

export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService; limit: Limiter }> = async (
  app,
  { sessions, limit },
) => {
  app.addHook('onRequest', app.authenticate);
  // Linking and unlinking phones is an admin's job; members browse what the sessions hold. Linking also
  // needs a verified address (decision 0016): an account registered with someone else's address must not
  // bring a WhatsApp account's chats into an organisation its real owner will take over.
  const admin = app.requireRole('admin');
  const verified = app.requireVerified('link');

  app.post(
    '/api/startSession/',
    {
      onRequest: [admin, verified],
      schema: {
        tags,
        summary: 'Create a WhatsApp session, or reconnect the one with this name and description',
        security: bearerAuth,
        body: startSessionRequest,
        response: { 200: startSessionResponse, ...errors },
      },
    },
    async (request) =>
      sessions.start(
        request.user.organisationId,
        request.body.session_name,
        request.body.description,
        request.user.id,
      ),
  );

  app.post(
    '/api/generateQRCode/',
    {
      onRequest: [admin, verified],
      preValidation: needsSessionId,
      schema: {
        tags,
        summary: 'PNG of the QR code to scan now (starts linking again when it had stopped)',
        security: bearerAuth,
        body: sessionIdRequest,
        response: { 200: z.any().describe('image/png'), ...errors },
      },
    },
    async (request, reply) => {
      const png = await sessions.qrCode(request.user.organisationId, request.body.sessionID);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );

  app.post(
    '/api/requestPairingCode/',
    {
      onRequest: [admin, verified],
      preValidation: needsSessionId,
      schema: {
        tags,
        summary: 'Link by phone number: the 8-character code to type on that phone (instead of a QR code)',
        security: bearerAuth,
        body: requestPairingCodeRequest,
        response: { 200: requestPairingCodeResponse, 429: errorResponse, ...errors },
      },
      preHandler: (request, reply) =>
        limit(
          `pairing-code:${request.user.organisationId}`,
          PAIRING_CODES_PER_MINUTE,
          reply,
          sessionMessages.tooManyPairingCodes,
        ),
    },
    async (request) =>
      sessions.pairingCode(request.user.organisationId, request.body.sessionID, request.body.phone),
  );

  app.post(
    '/api/sessionStatus/',
    {
      preValidation: needsSessionId,
      schema: {
        tags,
        summary: 'Where the session stands, and why',
        security: bearerAuth,
        body: sessionIdRequest,
        response: { 200: sessionStatusResponse, ...errors },
      },
    },
    async (request) => sessions.status(request.user.organisationId, request.body.sessionID),
  );

  app.post(
    '/api/terminateSession/',
    {
      onRequest: [admin],
      preValidation: requireFields({ sessionID: sessionMessages.sessionIdUnavailable }),
      schema: {
        tags,
        summary: 'Log the device out and mark the session inactive',
        security: bearerAuth,
        body: sessionIdRequest,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) =>
      sessions.terminate(request.user.organisationId, request.body.sessionID, request.user.id),
  );

  app.post(
    '/api/getSessionsList/',
    {
      schema: {
        tags,
        summary: "The organisation's sessions, newest first",
        security: bearerAuth,
        response: { 200: sessionListResponse, 401: errorResponse },
      },
    },
    async (request) => sessions.list(request.user.organisationId),
  );
};

import { errorResponse, type ServerEvent, streamTokenResponse } from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { authenticationErrors, bearerAuth, type TokenUserLookup } from '../auth/authenticate';
import type { AccessTokens } from '../auth/tokens';
import type { EventHub } from './event-hub';
import type { StreamGuard } from './stream-guard';
import { STREAM_TOKEN_TTL_SECONDS, type StreamTokens } from './stream-tokens';

export interface EventsRoutesOptions {
  hub: EventHub;
  streamTokens: StreamTokens;
  accessTokens: AccessTokens;
  /** The check every authenticated route makes: the user is still in the organisation, tokens not ended. */
  tokenUser: TokenUserLookup;
  guard: StreamGuard;
  /** Open streams a user may hold, for the refusal's wording. */
  streamsPerUser: number;
  heartbeatMs: number;
}

const tags = ['events'];

export const tooManyStreams = (limit: number) =>
  `You already have ${limit} live connections open. Close another wadesk tab or window and try again.`;

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (
  app,
  { hub, streamTokens, accessTokens, tokenUser, guard, streamsPerUser, heartbeatMs },
) => {
  const streams = new Set<() => void>();
  // Open streams never end on their own; close them so the server can shut down.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
    await guard.close();
  });

  app.post(
    '/events/stream-token/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'A single-use token (60 s) for opening GET /events/',
        security: bearerAuth,
        response: { 200: streamTokenResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const { id, organisationId, sessionId, tokenExpiresAt } = request.user;
      return {
        stream_token: await streamTokens.issue({
          userId: id,
          organisationId,
          sessionId,
          expiresAt: tokenExpiresAt,
        }),
        expires_in: STREAM_TOKEN_TTL_SECONDS,
      };
    },
  );

  app.get(
    '/events/',
    {
      // The query holds a credential: keep this route's request lines out of the info-level logs.
      logLevel: 'warn',
      schema: {
        tags,
        summary: "Server-sent events of the caller's organisation (?stream_token=… or ?access_token=…)",
        description:
          'The stream ends when the access token behind it expires or its sign-in ends (logout). ' +
          'A user may hold a limited number of streams at once; one more answers 429.',
        querystring: z.object({
          stream_token: z.string().max(2048).optional(),
          access_token: z.string().max(4096).optional(),
        }),
        response: { 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { stream_token, access_token } = request.query;
      const access = stream_token
        ? await streamTokens.redeem(stream_token)
        : access_token
          ? await accessTokens.verify(access_token)
          : null;
      if (!access)
        throw new AppError(
          401,
          stream_token || access_token ? authenticationErrors.invalid : authenticationErrors.missing,
        );
      // As on every other route: a token a password reset or a Google link ended (or a user removed from
      // the organisation) opens nothing, without waiting for the periodic stream guard.
      if (!(await tokenUser(access.userId, access.organisationId, access.issuedAt)))
        throw new AppError(401, authenticationErrors.invalid);

      let end = () => {};
      const admitted = await guard.admit(access, () => end());
      if (admitted === 'unknown-user') throw new AppError(401, authenticationErrors.invalid);
      if (admitted === 'full') throw new AppError(429, tooManyStreams(streamsPerUser));

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no', // nginx: pass events through at once
      });
      let id = 0;
      const write = (event: ServerEvent) => raw.write(`id: ${++id}\ndata: ${JSON.stringify(event)}\n\n`);
      raw.write('retry: 3000\n\n');
      write({ type: 'ready' });

      const unsubscribe = hub.subscribe(access.organisationId, access.userId, write);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
      let ended = false;
      end = () => {
        // Called by the socket closing and by the guard, maybe both: a second unsubscribe could drop a newer stream.
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        admitted.release();
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      // The client may have gone while the stream was being admitted; 'close' has fired by then.
      if (request.raw.destroyed) end();
    },
  );
};

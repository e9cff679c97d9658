import { errorResponse, type ServerEvent, streamTicketResponse } from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { authenticationErrors, bearerAuth } from '../auth/authenticate';
import type { AccessTokens } from '../auth/tokens';
import type { EventHub } from './event-hub';
import { STREAM_TICKET_TTL_SECONDS, type StreamTickets } from './stream-tickets';

export interface EventsRoutesOptions {
  hub: EventHub;
  tickets: StreamTickets;
  accessTokens: AccessTokens;
  heartbeatMs: number;
}

const tags = ['events'];

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (
  app,
  { hub, tickets, accessTokens, heartbeatMs },
) => {
  const streams = new Set<() => void>();
  // Open streams never end on their own; close them so the server can shut down.
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  app.post(
    '/events/ticket/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'A single-use ticket (60 s) for opening GET /events/',
        security: bearerAuth,
        response: { 200: streamTicketResponse, 401: errorResponse },
      },
    },
    async (request) => ({
      ticket: await tickets.issue({ userId: request.user.id, organisationId: request.user.organisationId }),
      expires_in: STREAM_TICKET_TTL_SECONDS,
    }),
  );

  app.get(
    '/events/',
    {
      // The query holds a credential: keep this route's request lines out of the info-level logs.
      logLevel: 'warn',
      schema: {
        tags,
        summary: "Server-sent events of the caller's organisation (?ticket=… or ?access_token=…)",
        querystring: z.object({
          ticket: z.string().max(2048).optional(),
          access_token: z.string().max(4096).optional(),
        }),
        response: { 401: errorResponse },
      },
    },
    async (request, reply) => {
      const { ticket, access_token } = request.query;
      const claims = ticket
        ? await tickets.redeem(ticket)
        : access_token
          ? await accessTokens.verify(access_token)
          : null;
      if (!claims)
        throw new AppError(
          401,
          ticket || access_token ? authenticationErrors.invalid : authenticationErrors.missing,
        );

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

      const unsubscribe = hub.subscribe(claims.organisationId, write);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
    },
  );
};

import {
  errorResponse,
  simClockRequest,
  simClockResponse,
  slaClocksRequest,
  slaClocksResponse,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { SlaService } from './sla.service';

const tags = ['sla'];

export const slaRoutes: FastifyPluginAsyncZod<{ sla: SlaService }> = async (app, { sla }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/org/getSlaClocks/',
    {
      schema: {
        tags,
        summary: "SLA clocks of the organisation's tickets: due times, stops, whether each was met",
        security: bearerAuth,
        body: slaClocksRequest,
        response: { 200: slaClocksResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => sla.clocks(request.user.organisationId, request.body.ticket_ids),
  );
};

/**
 * Demo mode's clock (registered only with the simulator driver): the owner's, like the other /sim/
 * controls, since it moves every organisation's clocks on this server.
 */
export const simClockRoutes: FastifyPluginAsyncZod<{ sla: SlaService }> = async (app, { sla }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('owner'));

  app.post(
    '/sim/clock',
    {
      schema: {
        tags,
        summary: "Simulator: move demo mode's clock forward, or back to real time",
        security: bearerAuth,
        body: simClockRequest.optional(),
        response: { 200: simClockResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => sla.moveSimulatedClock(request.user.organisationId, request.body ?? {}),
  );
};

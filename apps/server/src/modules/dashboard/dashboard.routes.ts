import { countsResponse, errorResponse } from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { CountsService } from './counts.service';

export interface DashboardRoutesOptions {
  counts: CountsService;
}

// The dashboard's calls that the tickets module does not answer; listed with the ticket calls in the API docs.
const tags = ['tickets'];

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, { counts }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/org/getCounts/',
    {
      schema: {
        tags,
        summary: "The dashboard's counts of sessions, WhatsApp groups and agents",
        security: bearerAuth,
        response: { 200: countsResponse, 401: errorResponse },
      },
    },
    async (request) => counts.counts(request.user.organisationId),
  );
};

import {
  bulkUpdateTicketsRequest,
  bulkUpdateTicketsResponse,
  customerTicketsRequest,
  customerTicketsResponse,
  errorResponse,
  inboxRequest,
  inboxResponse,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { typedJsonResponse } from '../../http/typed-json';
import { bearerAuth } from '../auth/authenticate';
import type { InboxService } from './inbox.service';

export interface InboxRoutesOptions {
  inbox: InboxService;
}

const tags = ['inbox'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

/** The inbox's calls: every member works tickets (packages/contract/src/inbox.ts). */
export const inboxRoutes: FastifyPluginAsyncZod<InboxRoutesOptions> = async (app, { inbox }) => {
  app.addHook('onRequest', app.authenticate);
  const security = bearerAuth;

  app.post(
    '/org/getInbox/',
    {
      schema: {
        tags,
        summary: 'One page of an inbox view, most recent customer activity first; optional search',
        security,
        // Like getTickets: a bare POST (no body) is the first page of every ticket.
        body: inboxRequest.nullish(),
        response: { 200: inboxResponse, ...errors },
      },
      ...typedJsonResponse,
    },
    async (request) => inbox.page(request.user, request.body ?? inboxRequest.parse({})),
  );

  app.post(
    '/org/bulkUpdateTickets/',
    {
      schema: {
        tags,
        summary: 'Assign, label or close several tickets, each as its single call would',
        security,
        body: bulkUpdateTicketsRequest,
        response: { 200: bulkUpdateTicketsResponse, ...errors },
      },
    },
    async (request) => inbox.bulkUpdate(request.user, request.body),
  );

  app.post(
    '/org/getCustomerTickets/',
    {
      schema: {
        tags,
        summary: "The other tickets of a ticket's customer, in any group, newest first (at most 20)",
        security,
        body: customerTicketsRequest,
        response: { 200: customerTicketsResponse, ...errors },
      },
    },
    async (request) => inbox.customerTickets(request.user.organisationId, request.body.ticket_id),
  );
};

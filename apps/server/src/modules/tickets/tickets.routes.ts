import {
  errorResponse,
  ticketDetailsRequest,
  ticketDetailsResponse,
  ticketStatsResponse,
  ticketsRequest,
  ticketsResponse,
  updateTicketStatusRequest,
  updateTicketStatusResponse,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { TicketsService } from './tickets.service';

export interface TicketsRoutesOptions {
  tickets: TicketsService;
}

const tags = ['tickets'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

export const ticketsRoutes: FastifyPluginAsyncZod<TicketsRoutesOptions> = async (app, { tickets }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/org/getTickets/',
    {
      schema: {
        tags,
        summary: "The organisation's tickets, newest first (200 unless `limit` says otherwise)",
        security: bearerAuth,
        // The dashboard may send no body at all; a bare POST reaches the validator as null.
        body: ticketsRequest.nullish(),
        response: { 200: ticketsResponse, ...errors },
      },
    },
    async (request) => tickets.list(request.user.organisationId, request.body ?? {}, request.user.id),
  );

  app.post(
    '/org/getTicketStats/',
    {
      schema: {
        tags,
        summary: 'Ticket counts by status and average response and resolution times',
        security: bearerAuth,
        response: { 200: ticketStatsResponse, 401: errorResponse },
      },
    },
    async (request) => tickets.stats(request.user.organisationId),
  );

  app.post(
    '/org/getTicketsDetails/',
    {
      schema: {
        tags,
        summary: 'A ticket and its conversation (oldest first)',
        security: bearerAuth,
        body: ticketDetailsRequest,
        response: { 200: ticketDetailsResponse, ...errors },
      },
    },
    async (request) => tickets.details(request.user.organisationId, request.body.ticket_id),
  );

  app.post(
    '/org/updateTicketStatus/',
    {
      schema: {
        tags,
        summary: 'Set a ticket to open, in_progress or close',
        security: bearerAuth,
        body: updateTicketStatusRequest,
        response: { 200: updateTicketStatusResponse, ...errors, 409: errorResponse },
      },
    },
    async (request) => tickets.updateStatus(request.user, request.body.ticket_id, request.body.status),
  );
};

import {
  addTicketNoteRequest,
  addTicketNoteResponse,
  assignTicketRequest,
  deleteLabelRequest,
  deleteLabelResponse,
  errorResponse,
  labelsResponse,
  mergeTicketsRequest,
  saveLabelRequest,
  saveLabelResponse,
  setTicketLabelsRequest,
  splitTicketRequest,
  ticketChangeResponse,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { LabelsService } from './labels.service';
import type { TicketWorkflowService } from './ticket-workflow.service';

export interface TicketWorkflowRoutesOptions {
  workflow: TicketWorkflowService;
  labels: LabelsService;
}

const tags = ['tickets'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const changed = { 200: ticketChangeResponse, ...errors };

/** Assignee, notes, labels, merge and split: every member works tickets; admins manage the labels. */
export const ticketWorkflowRoutes: FastifyPluginAsyncZod<TicketWorkflowRoutesOptions> = async (
  app,
  { workflow, labels },
) => {
  app.addHook('onRequest', app.authenticate);
  const admin = app.requireRole('admin');
  const security = bearerAuth;

  app.post(
    '/org/assignTicket/',
    {
      schema: {
        tags,
        summary: 'Take a ticket, give it to a member of the organisation, or unassign it (null)',
        security,
        body: assignTicketRequest,
        response: changed,
      },
    },
    async (request) => workflow.assign(request.user, request.body.ticket_id, request.body.assignee_id),
  );

  app.post(
    '/org/addTicketNote/',
    {
      schema: {
        tags,
        summary: 'Add an internal note to a ticket (never sent to WhatsApp)',
        security,
        body: addTicketNoteRequest,
        response: { 201: addTicketNoteResponse, ...errors, 409: errorResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await workflow.addNote(
            request.user,
            request.body.ticket_id,
            request.body.body,
            request.body.mentions,
          ),
        ),
  );

  app.post(
    '/org/setTicketLabels/',
    {
      schema: {
        tags,
        summary: "Set a ticket's labels to exactly these",
        security,
        body: setTicketLabelsRequest,
        response: changed,
      },
    },
    async (request) => workflow.setLabels(request.user, request.body.ticket_id, request.body.label_ids),
  );

  app.post(
    '/org/mergeTickets/',
    {
      schema: {
        tags,
        summary: 'Merge a ticket into another of the same group: its messages, notes and labels move',
        security,
        body: mergeTicketsRequest,
        response: changed,
      },
    },
    async (request) => workflow.merge(request.user, request.body.ticket_id, request.body.into_ticket_id),
  );

  app.post(
    '/org/splitTicket/',
    {
      schema: {
        tags,
        summary: 'Move the messages from one on into a new ticket and close the earlier part',
        security,
        body: splitTicketRequest,
        response: { ...changed, 409: errorResponse },
      },
    },
    async (request) => workflow.split(request.user, request.body.ticket_id, request.body.from_message_id),
  );

  app.post(
    '/org/getLabels/',
    {
      schema: {
        tags,
        summary: "The organisation's ticket labels, by name",
        security,
        response: { 200: labelsResponse, 401: errorResponse },
      },
    },
    async (request) => labels.list(request.user.organisationId),
  );

  app.post(
    '/org/saveLabel/',
    {
      onRequest: [admin],
      schema: {
        tags,
        summary: 'Create a label, or rename or recolour one (with `id`)',
        security,
        body: saveLabelRequest,
        response: { 200: saveLabelResponse, ...errors, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request) => labels.save(request.user, request.body),
  );

  app.post(
    '/org/deleteLabel/',
    {
      onRequest: [admin],
      schema: {
        tags,
        summary: 'Delete a label and take it off every ticket',
        security,
        body: deleteLabelRequest,
        response: { 200: deleteLabelResponse, ...errors, 403: errorResponse },
      },
    },
    async (request) => labels.remove(request.user, request.body.label_id),
  );
};

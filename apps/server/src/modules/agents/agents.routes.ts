import {
  addAgentRequest,
  addAgentResponse,
  agentListResponse,
  editAgentRequest,
  editAgentResponse,
  errorResponse,
  removeAgentRequest,
  successMessage,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { AgentsService } from './agents.service';

const tags = ['agents'];

export const agentsRoutes: FastifyPluginAsyncZod<{ agents: AgentsService }> = async (app, { agents }) => {
  app.addHook('onRequest', app.authenticate);
  // Members see the agents (the desk names them); admins manage them.
  const admin = app.requireRole('admin');

  app.post(
    '/org/addAgent/',
    {
      onRequest: [admin],
      schema: {
        tags,
        summary: 'Add an agent (a support person recognised by phone number)',
        security: bearerAuth,
        body: addAgentRequest,
        response: {
          201: addAgentResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await agents.add(request.user.organisationId, request.body, request.user.id)),
  );

  app.post(
    '/org/editAgent/',
    {
      onRequest: [admin],
      schema: {
        tags,
        summary: "Edit an agent's name, number and type",
        security: bearerAuth,
        body: editAgentRequest,
        response: {
          200: editAgentResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => agents.edit(request.user.organisationId, request.body, request.user.id),
  );

  app.post(
    '/org/listAgent/',
    {
      schema: {
        tags,
        summary: "The organisation's agents, oldest first",
        security: bearerAuth,
        response: { 200: agentListResponse, 401: errorResponse },
      },
    },
    async (request) => agents.list(request.user.organisationId),
  );

  app.post(
    '/org/removeAgent/',
    {
      onRequest: [admin],
      schema: {
        tags,
        summary: 'Remove an agent',
        security: bearerAuth,
        body: removeAgentRequest,
        response: {
          200: successMessage,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => agents.remove(request.user.organisationId, request.body.agent_id, request.user.id),
  );
};

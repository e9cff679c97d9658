import {
  errorResponse,
  organisationResponse,
  settingsResponse,
  updateOrganisationRequest,
  updateSettingsRequest,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { SettingsService } from './settings.service';

const tags = ['settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/org/getSettings/',
    {
      schema: {
        tags,
        summary:
          "The organisation's settings: acknowledgement phrases, the unanswered alert, pending after a reply, the reopen window",
        security: bearerAuth,
        response: { 200: settingsResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => settings.get(request.user.organisationId),
  );

  app.post(
    '/org/updateSettings/',
    {
      onRequest: [app.requireRole('admin')],
      schema: {
        tags,
        summary: "Change the organisation's settings (any subset of the fields)",
        security: bearerAuth,
        body: updateSettingsRequest,
        response: {
          200: settingsResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) =>
      settings.update({ organisationId: request.user.organisationId, userId: request.user.id }, request.body),
  );

  app.post(
    '/org/updateOrganisation/',
    {
      // Like the owners' other powers over the organisation (docs/decisions/0016-members-and-roles.md).
      onRequest: [app.requireRole('owner'), app.requireVerified('rename')],
      schema: {
        tags,
        summary: 'Rename the organisation (owners with a verified address)',
        security: bearerAuth,
        body: updateOrganisationRequest,
        response: {
          200: organisationResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) =>
      settings.rename(
        { organisationId: request.user.organisationId, userId: request.user.id },
        request.body.name,
      ),
  );
};

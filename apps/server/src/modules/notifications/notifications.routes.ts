import {
  errorResponse,
  markNotificationsReadRequest,
  markNotificationsReadResponse,
  notificationsRequest,
  notificationsResponse,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from '../auth/authenticate';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];
const errors = { 400: errorResponse, 401: errorResponse };

/** The caller's own notifications: every role has them, and nobody reads another's (decision 0022). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/org/getNotifications/',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first (before_id pages on), and how many are unread",
        security: bearerAuth,
        body: notificationsRequest,
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request) => notifications.page(request.user, request.body),
  );

  app.post(
    '/org/markNotificationsRead/',
    {
      schema: {
        tags,
        summary: "Mark some of the caller's notifications read ({ ids }), or all of them ({ all: true })",
        security: bearerAuth,
        body: markNotificationsReadRequest,
        response: { 200: markNotificationsReadResponse, ...errors },
      },
    },
    async (request) => notifications.markRead(request.user, request.body),
  );
};

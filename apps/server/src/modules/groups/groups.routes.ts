import {
  type DownloadMediaResponse,
  downloadMediaRequest,
  downloadMediaResponse,
  errorResponse,
  groupMessages,
  groupMessagesRequest,
  groupMessagesResponse,
  groupsResponse,
  markGroupReadRequest,
  markGroupReadResponse,
  searchGroupMessagesRequest,
  searchGroupMessagesResponse,
  setGroupModeRequest,
  setGroupModeResponse,
  setGroupSatisfactionPollRequest,
  setGroupSatisfactionPollResponse,
  syncOldMessagesRequest,
  syncOldMessagesResponse,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFields } from '../../http/require-fields';
import { bearerAuth } from '../auth/authenticate';
import type { GroupModeService } from './group-mode.service';
import type { GroupsService } from './groups.service';
import type { MediaService } from './media.service';
import { mediaAnswer } from './media-answer';
import type { SyncService } from './sync.service';

export interface GroupsRoutesOptions {
  groups: GroupsService;
  modes: GroupModeService;
  media: MediaService;
  sync: SyncService;
}

const tags = ['groups'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const sessionAndGroup = requireFields({
  session_id: groupMessages.noSessionId,
  group_id: groupMessages.noGroupId,
});

export const groupsRoutes: FastifyPluginAsyncZod<GroupsRoutesOptions> = async (
  app,
  { groups, modes, media, sync },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/api/setGroupMode/',
    {
      // Admins decide how a group's messages become tickets; members see the mode (docs/decisions/0017).
      onRequest: [app.requireRole('admin')],
      preValidation: requireFields({
        session_id: groupMessages.noSessionId,
        group_id: groupMessages.noGroupId,
        mode: groupMessages.noMode,
      }),
      schema: {
        tags,
        summary: "Set a group's ticket mode: watch, per_customer or ignore (new messages follow it)",
        security: bearerAuth,
        body: setGroupModeRequest,
        response: { 200: setGroupModeResponse, 403: errorResponse, ...errors },
      },
    },
    async (request) =>
      modes.setMode({ organisationId: request.user.organisationId, userId: request.user.id }, request.body),
  );

  app.post(
    '/api/setGroupSatisfactionPoll/',
    {
      // Like the mode: admins decide; members see the setting (docs/decisions/0030).
      onRequest: [app.requireRole('admin')],
      preValidation: requireFields({
        session_id: groupMessages.noSessionId,
        group_id: groupMessages.noGroupId,
        satisfaction_poll: groupMessages.satisfactionPollInvalid,
      }),
      schema: {
        tags,
        summary: 'Set whether closing a ticket of a group asks "How did we do?": organisation, on or off',
        security: bearerAuth,
        body: setGroupSatisfactionPollRequest,
        response: { 200: setGroupSatisfactionPollResponse, 403: errorResponse, ...errors },
      },
    },
    async (request) =>
      modes.setSatisfactionPoll(
        { organisationId: request.user.organisationId, userId: request.user.id },
        request.body,
      ),
  );

  app.post(
    '/api/getGroups/',
    {
      schema: {
        tags,
        summary: "Groups of the organisation's active sessions",
        security: bearerAuth,
        response: { 200: groupsResponse, 401: errorResponse },
      },
    },
    async (request) => groups.list(request.user.organisationId),
  );

  app.post(
    '/api/getGroupsMsg/',
    {
      preValidation: sessionAndGroup,
      schema: {
        tags,
        summary: 'A page of 100 group messages: the newest, or before/after msg_id (ascending)',
        security: bearerAuth,
        body: groupMessagesRequest,
        response: { 200: groupMessagesResponse, ...errors },
      },
    },
    async (request) => groups.messages(request.user.organisationId, request.body),
  );

  app.post(
    '/api/searchGroupMsgs/',
    {
      preValidation: sessionAndGroup,
      schema: {
        tags,
        summary: "Search a group's stored messages: the newest 200 whose text holds the query",
        security: bearerAuth,
        body: searchGroupMessagesRequest,
        response: { 200: searchGroupMessagesResponse, ...errors },
      },
    },
    async (request) => groups.search(request.user.organisationId, request.body),
  );

  app.post(
    '/api/markGroupRead/',
    {
      preValidation: sessionAndGroup,
      schema: {
        tags,
        summary: 'The group was opened: its messages so far no longer count as unread',
        security: bearerAuth,
        body: markGroupReadRequest,
        response: { 200: markGroupReadResponse, ...errors },
      },
    },
    async (request) => groups.markRead(request.user.organisationId, request.body),
  );

  app.post(
    '/api/syncOldMsgs/',
    {
      preValidation: sessionAndGroup,
      schema: {
        tags,
        summary: "Fetch the group's whole older history in the background",
        security: bearerAuth,
        body: syncOldMessagesRequest,
        response: { 200: syncOldMessagesResponse, ...errors },
      },
    },
    async (request) => sync.start(request.user.organisationId, request.body),
  );

  app.post(
    '/api/downloadMedia/',
    {
      preValidation: requireFields({
        session_id: groupMessages.noSessionId,
        chat_id: groupMessages.noGroupId,
        message_id: groupMessages.noMessageId,
      }),
      schema: {
        tags,
        summary: "A media message's file (base64), cached in object storage after the first download",
        security: bearerAuth,
        body: downloadMediaRequest,
        response: { 200: downloadMediaResponse, 413: errorResponse, 502: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { session_id, chat_id, message_id } = request.body;
      const file = await media.download(request.user.organisationId, session_id, chat_id, message_id);
      // A stream skips the response serialiser: mediaAnswer writes the contract's shape itself; the typed
      // reply only knows the parsed shape, hence the cast.
      return reply
        .type('application/json; charset=utf-8')
        .send(mediaAnswer(file) as unknown as DownloadMediaResponse);
    },
  );
};

import {
  errorResponse,
  simEnterCodeRequest,
  simFailRequest,
  simIncomingRequest,
  simIncomingResponse,
  simMissedCallRequest,
  simPollVoteRequest,
  simReplyStatusRequest,
  successMessage,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { SimulatorDriver } from '../../whatsapp/simulator/simulator-driver';
import { bearerAuth } from '../auth/authenticate';
import type { SessionsService } from './sessions.service';

const tags = ['simulator'];
const params = z.object({ sessionId: z.string().max(64) });
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * Demo mode's phone controls; registered only when the simulator is the driver. They stand in for the
 * linked account's own phone — scanning, typing a code, failing, terminating — so they are the owner's
 * (README, Demo mode): admins link sessions through the real calls, members only read.
 */
export const simulatorRoutes: FastifyPluginAsyncZod<{
  sessions: SessionsService;
  simulator: SimulatorDriver;
}> = async (app, { sessions, simulator }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('owner'));

  app.post(
    '/sim/sessions/:sessionId/scan',
    {
      schema: {
        tags,
        summary: 'Simulator: the phone scans the QR code',
        security: bearerAuth,
        params,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => {
      const session = await sessions.owned(request.user.organisationId, request.params.sessionId);
      if (!(await simulator.scan(session.id)))
        throw new AppError(409, 'The session is not showing a QR code.');
      return { success: true, message: 'QR code scanned.' };
    },
  );

  app.post(
    '/sim/sessions/:sessionId/enter-code',
    {
      schema: {
        tags,
        summary: 'Simulator: the phone links by the pairing code typed on it',
        security: bearerAuth,
        params,
        body: simEnterCodeRequest,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => {
      const session = await sessions.owned(request.user.organisationId, request.params.sessionId);
      const result = await simulator.enterCode(session.id, request.body.code);
      if (result === 'not_linking') throw new AppError(409, 'The session is not showing a pairing code.');
      if (result === 'wrong')
        throw new AppError(409, 'That is not the pairing code shown. Check it and try again.');
      return { success: true, message: 'Pairing code entered.' };
    },
  );

  app.post(
    '/sim/sessions/:sessionId/fail',
    {
      schema: {
        tags,
        summary: 'Simulator: inject a failure',
        security: bearerAuth,
        params,
        body: simFailRequest,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => {
      const session = await sessions.owned(request.user.organisationId, request.params.sessionId);
      simulator.fail(session.id, request.body.kind);
      return { success: true, message: `Simulated ${request.body.kind}.` };
    },
  );

  app.post(
    '/sim/sessions/:sessionId/reply-status',
    {
      schema: {
        tags,
        summary: 'Simulator: WhatsApp refuses a desk reply, or members get or read it',
        security: bearerAuth,
        params,
        body: simReplyStatusRequest,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => {
      const session = await sessions.owned(request.user.organisationId, request.params.sessionId);
      const { status, wa_id, code, refusal, member_phone } = request.body;
      const told = simulator.replyStatus(session.id, {
        status,
        ...(wa_id ? { waId: wa_id } : {}),
        ...(code ? { code } : {}),
        ...(refusal ? { refusal } : {}),
        ...(member_phone ? { memberPhone: member_phone } : {}),
      });
      if (!told)
        throw new AppError(
          409,
          'The session is not connected, or sent no such reply (or has no such member).',
        );
      return { success: true, message: `Simulated ${status}.` };
    },
  );

  app.post(
    '/sim/sessions/:sessionId/poll-vote',
    {
      schema: {
        tags,
        summary: 'Simulator: a group member votes on a poll',
        security: bearerAuth,
        params,
        body: simPollVoteRequest,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => {
      const session = await sessions.owned(request.user.organisationId, request.params.sessionId);
      const { group_id, wa_id, options, voter } = request.body;
      const result = await simulator.vote(session.id, {
        groupId: group_id,
        pollId: wa_id,
        options,
        ...(voter ? { voterPhone: voter } : {}),
      });
      if (result === 'not_connected')
        throw new AppError(409, 'The session is not connected, or has no such group.');
      if (result === 'no_poll')
        throw new AppError(409, 'The group has no such poll, or its votes cannot be read here.');
      if (result === 'no_member') throw new AppError(409, 'The group has no member with that phone number.');
      if (result === 'no_option') throw new AppError(400, 'Options: the poll has no option of that name.');
      return { success: true, message: 'Vote cast.' };
    },
  );

  app.post(
    '/sim/sessions/:sessionId/incoming',
    {
      schema: {
        tags,
        summary: 'Simulator: a group member sends a message',
        security: bearerAuth,
        params,
        body: simIncomingRequest,
        response: { 200: simIncomingResponse, ...errors },
      },
    },
    async (request) => {
      const session = await sessions.owned(request.user.organisationId, request.params.sessionId);
      const { group_id, body, author_phone, author_name, from_me, type, timestamp } = request.body;
      if (timestamp !== undefined && timestamp * 1000 > simulator.now())
        throw new AppError(
          400,
          'The timestamp is in the future: a message can only be replayed from the past.',
        );
      const message = simulator.incoming(session.id, {
        groupId: group_id,
        body,
        ...(author_phone ? { authorPhone: author_phone } : {}),
        ...(author_name ? { authorName: author_name } : {}),
        ...(from_me ? { fromMe: true } : {}),
        ...(type ? { type } : {}),
        ...(timestamp !== undefined ? { timestamp } : {}),
      });
      if (!message) throw new AppError(409, 'The session is not connected, or has no such group.');
      const author = message.key.fromMe ? [] : [message.key.participant];
      return {
        success: true,
        msg_id: [String(Boolean(message.key.fromMe)), group_id, message.key.id, ...author].join('_'),
      };
    },
  );

  app.post(
    '/sim/sessions/:sessionId/missed-call',
    {
      schema: {
        tags,
        summary: 'Simulator: a group member calls the linked number and nobody answers',
        security: bearerAuth,
        params,
        body: simMissedCallRequest,
        response: { 200: successMessage, ...errors },
      },
    },
    async (request) => {
      const session = await sessions.owned(request.user.organisationId, request.params.sessionId);
      const { caller, video } = request.body;
      const placed = simulator.missedCall(session.id, {
        ...(caller ? { callerPhone: caller } : {}),
        ...(video ? { video: true } : {}),
      });
      if (!placed)
        throw new AppError(409, 'The session is not connected, or nobody in its groups has that number.');
      return { success: true, message: 'Missed call placed' };
    },
  );
};

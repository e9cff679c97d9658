import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ObjectStorage } from '../../storage/storage';
import type { AuditRecorder } from '../audit/audit.service';
import type { Limiter } from '../auth/rate-limit';
import type { MessageStore } from '../messages/message-store.service';
import type { WhatsAppGateway } from '../sessions/gateway';
import type { SessionCluster } from '../sessions/session-cluster';
import { createReplyTargets } from '../tickets/reply-target';
import { automaticThrottle } from './automatic-throttle';
import { createCannedRepliesRepository } from './canned-replies.repository';
import { createCannedRepliesService } from './canned-replies.service';
import type { DeskRepliesRepository } from './desk-replies.repository';
import { createGroupMessagesService } from './group-messages.service';
import { repliesRoutes } from './replies.routes';
import { createRepliesService, type RepliesService, type RepliesServiceDeps } from './replies.service';

export interface RegisterRepliesOptions {
  db: Db;
  /** Created by the composition root: the gateway reads sent messages from it too (getMessage). */
  deskReplies: DeskRepliesRepository;
  store: MessageStore;
  gateway: WhatsAppGateway;
  cluster: SessionCluster;
  limit: Limiter;
  audit: AuditRecorder;
  perSessionPerMinute: number;
  /** Object storage: the composer's attachments wait there for the session's owner (decision 0024). */
  storage: ObjectStorage;
  /** Pushes a reply's state as it is now (the reply states, built in app.ts). */
  announce?: RepliesServiceDeps['announce'];
}

/** Sends the satisfaction poll (decision 0030) as the desk's own message. */
export type SatisfactionPollSender = (
  target: Parameters<RepliesService['sendSatisfactionPoll']>[0],
  poll: Parameters<RepliesService['sendSatisfactionPoll']>[1],
) => Promise<{ waId: string; sentAt: number }>;

/** Replies from the desk and canned replies (docs/decisions/0018-desk-replies.md). */
export async function registerReplies(
  app: FastifyInstance,
  options: RegisterRepliesOptions,
): Promise<{
  sendAutomatic(organisationId: number, ticketId: number, text: string): Promise<boolean>;
  sendSatisfactionPoll: SatisfactionPollSender;
}> {
  const { db, deskReplies, store, gateway, cluster, limit, audit, perSessionPerMinute, storage } = options;
  const replies = createRepliesService({
    targets: createReplyTargets(db),
    deskReplies,
    findMessage: (sessionId, groupJid, waId) => store.chat.findMessage(sessionId, groupJid, waId),
    cluster,
    gateway,
    audit,
    log: app.log,
    openAttachment: (objectName) => storage.get(objectName),
    ...(options.announce ? { announce: options.announce } : {}),
  });
  const canned = createCannedRepliesService({ repo: createCannedRepliesRepository(db), audit });
  const groupMessages = createGroupMessagesService({
    replies,
    store: store.chat,
    discard: (objectName) => storage.delete([objectName]),
  });
  await app.register(repliesRoutes, {
    replies,
    canned,
    groupMessages,
    storage,
    limit,
    perSessionPerMinute,
  });
  const throttleAutomatic = automaticThrottle(limit, perSessionPerMinute);
  return {
    sendAutomatic: (organisationId, ticketId, text) =>
      replies.sendAutomatic(organisationId, ticketId, text, throttleAutomatic),
    sendSatisfactionPoll: (target, poll) => replies.sendSatisfactionPoll(target, poll, throttleAutomatic),
  };
}

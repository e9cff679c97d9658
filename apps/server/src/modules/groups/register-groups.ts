import { HISTORY_EMPTY_GAP_MS } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import type { ObjectStorage } from '../../storage/storage';
import type { WhatsAppOverrides } from '../../whatsapp/create-driver';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { ChatStore } from '../messages/chat-store.service';
import type { WhatsAppGateway } from '../sessions/gateway';
import type { SessionCluster } from '../sessions/session-cluster';
import { createGroupModeService } from './group-mode.service';
import { groupsRoutes } from './groups.routes';
import type { ReplyStatesOf } from './groups.service';
import { createGroupsService, type GroupsService } from './groups.service';
import { createMediaService } from './media.service';
import { createPhoneAccess } from './phone-access';
import { createSyncService } from './sync.service';

export interface RegisterGroupsOptions {
  bus: DeskEventBus;
  /** The message store's calls for the Chat page (modules/messages). */
  store: ChatStore;
  gateway: WhatsAppGateway;
  cluster: SessionCluster;
  storage: ObjectStorage;
  overrides: WhatsAppOverrides;
  audit: AuditRecorder;
  /** The desk replies' states (modules/replies), shown on the replies in a group's messages. */
  replyStates?: ReplyStatesOf;
  /** MEDIA_MAX_BYTES: the largest media file downloaded from WhatsApp. */
  mediaMaxBytes: number;
}

/** The groups module: group lists, message pages, media and "Sync All Old Messages" over the store. */
export async function registerGroups(
  app: FastifyInstance,
  {
    bus,
    store,
    gateway,
    cluster,
    storage,
    overrides,
    audit,
    replyStates,
    mediaMaxBytes,
  }: RegisterGroupsOptions,
): Promise<GroupsService> {
  const phone = createPhoneAccess({ cluster, gateway, store, storage, mediaMaxBytes });
  const sync = createSyncService({
    store,
    phone,
    bus,
    answerTimeoutMs: overrides.syncAnswerTimeoutMs ?? 60_000,
    emptyRetryMs: overrides.historyEmptyGapMs ?? HISTORY_EMPTY_GAP_MS,
    log: app.log,
  });
  const groups = createGroupsService({
    store,
    phone,
    historyWaitMs: overrides.historyWaitMs ?? 3_000,
    ...(replyStates ? { replyStates } : {}),
  });
  await app.register(groupsRoutes, {
    groups,
    modes: createGroupModeService({ store, audit, bus }),
    media: createMediaService({ store, phone, storage }),
    sync,
  });
  app.addHook('preClose', async () => sync.close());
  return groups;
}

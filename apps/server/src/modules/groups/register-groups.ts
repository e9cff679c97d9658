import type { FastifyInstance } from 'fastify';
import type { ObjectStorage } from '../../storage/storage';
import type { WhatsAppOverrides } from '../../whatsapp/create-driver';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { WhatsAppGateway } from '../sessions/gateway';
import type { SessionCluster } from '../sessions/session-cluster';
import { createGroupModeService } from './group-mode.service';
import { groupsRoutes } from './groups.routes';
import { createGroupsService, type GroupsService } from './groups.service';
import { createMediaService } from './media.service';
import type { MessageStore } from '../messages/message-store.service';
import { createPhoneAccess } from './phone-access';
import { createSyncService } from './sync.service';

export interface RegisterGroupsOptions {
  bus: DeskEventBus;
  store: MessageStore;
  gateway: WhatsAppGateway;
  cluster: SessionCluster;
  storage: ObjectStorage;
  overrides: WhatsAppOverrides;
  audit: AuditRecorder;
}

/** The groups module: group lists, message pages, media and "Sync All Old Messages" over the store. */
export async function registerGroups(
  app: FastifyInstance,
  { bus, store, gateway, cluster, storage, overrides, audit }: RegisterGroupsOptions,
): Promise<GroupsService> {
  const { repos } = store;
  const phone = createPhoneAccess({ cluster, gateway, repos, storage });
  const sync = createSyncService({
    repos,
    phone,
    bus,
    answerTimeoutMs: overrides.syncAnswerTimeoutMs ?? 60_000,
    emptyRetryMs: overrides.historyEmptyGapMs ?? 60_000,
    log: app.log,
  });
  const groups = createGroupsService({ repos, phone, historyWaitMs: overrides.historyWaitMs ?? 3_000 });
  await app.register(groupsRoutes, {
    groups,
    modes: createGroupModeService({ repo: repos.groups, audit, bus }),
    media: createMediaService({ repos, phone, storage }),
    sync,
  });
  app.addHook('preClose', async () => sync.close());
  return groups;
}

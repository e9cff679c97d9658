import type { ServerEvent } from '@wadesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AccessTokens } from '../modules/auth/tokens';
import { createEventHub } from '../modules/events/event-hub';
import { registerEvents } from '../modules/events/register-events';
import { createGroupsRepository } from '../modules/groups/groups.repository';
import { groupsRoutes } from '../modules/groups/groups.routes';
import { createGroupsService, type GroupsService } from '../modules/groups/groups.service';
import { createMediaService } from '../modules/groups/media.service';
import { createSyncService } from '../modules/groups/sync.service';
import { createSessionsRepository } from '../modules/sessions/sessions.repository';
import { sessionsRoutes } from '../modules/sessions/sessions.routes';
import { createSessionsService, type SessionsService } from '../modules/sessions/sessions.service';
import { simulatorRoutes } from '../modules/sessions/simulator.routes';
import type { ObjectStorage } from '../storage/storage';
import { createAuthRepository } from './auth/auth.repository';
import { createBaileysDriver } from './baileys/baileys-driver';
import { createBaileysLogger } from './baileys/logger';
import type { WhatsAppDriver } from './driver';
import { createWhatsAppEvents, type WhatsAppEvents } from './events';
import { createWhatsAppGateway, type WhatsAppGateway } from './gateway';
import { createGatewayRepository } from './gateway.repository';
import { DEFAULT_TIMING, type RunnerTiming } from './session-runner';
import {
  createSimulatorDriver,
  type SimulatorDriver,
  type SimulatorOptions,
} from './simulator/simulator-driver';

/** Knobs tests turn (short timers, loopback WhatsApp, an injected driver); production uses the defaults. */
export interface WhatsAppOverrides {
  driver?: WhatsAppDriver;
  timing?: Partial<RunnerTiming>;
  simulator?: Partial<SimulatorOptions>;
  baileys?: { waWebSocketUrl?: string; connectTimeoutMs?: number };
  qrWaitMs?: number;
  historyWaitMs?: number;
  syncAnswerTimeoutMs?: number;
  heartbeatMs?: number;
}

export interface WhatsAppRuntime {
  gateway: WhatsAppGateway;
  events: WhatsAppEvents;
  /** Present in demo mode only. */
  simulator: SimulatorDriver | null;
  /** Number of open event streams (tests check that closed ones are cleaned up). */
  openStreams(): number;
  /** Pushes another module's event (tickets, agents) to the organisation's event streams. */
  publish(organisationId: number, event: ServerEvent): void;
  /** For other modules that need sessions or groups (the dashboard's counts, owner agents). */
  sessions: SessionsService;
  groups: GroupsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The WhatsApp gateway of this app (the ticket engine subscribes with `whatsapp.gateway.onLiveMessage`). */
    whatsapp: WhatsAppRuntime;
  }
}

export interface RegisterWhatsAppOptions {
  config: Config;
  db: Db;
  clock: Clock;
  accessTokens: AccessTokens;
  storage: ObjectStorage;
  overrides?: WhatsAppOverrides;
}

/**
 * The WhatsApp half of the app: the gateway with its driver, and the sessions, groups and events modules.
 * Active linked sessions reconnect when the app is ready; every connection closes (creds kept) with it.
 */
export async function registerWhatsApp(
  app: FastifyInstance,
  options: RegisterWhatsAppOptions,
): Promise<WhatsAppRuntime> {
  const { config, db, clock, accessTokens, storage, overrides = {} } = options;
  const timing = { ...DEFAULT_TIMING, ...overrides.timing };
  const events = createWhatsAppEvents((error) =>
    app.log.error({ err: error }, 'whatsapp event listener failed'),
  );
  const simulator =
    !overrides.driver && config.whatsappDriver === 'simulator'
      ? createSimulatorDriver(overrides.simulator)
      : null;
  const driver =
    overrides.driver ??
    simulator ??
    createBaileysDriver({
      logger: createBaileysLogger(config.whatsappLogLevel),
      connectTimeoutMs: 20_000,
      keepAliveIntervalMs: timing.keepAliveMs,
      ...overrides.baileys,
    });
  const gateway = createWhatsAppGateway({
    driver,
    repo: createGatewayRepository(db),
    authRepo: createAuthRepository(db),
    events,
    timing,
    log: app.log,
  });

  const sessions = createSessionsService({
    repo: createSessionsRepository(db),
    gateway,
    events,
    sessionLimit: config.whatsappSessionLimit,
    qrWaitMs: overrides.qrWaitMs ?? 10_000,
  });
  const groupsRepo = createGroupsRepository(db);
  const sync = createSyncService({
    repo: groupsRepo,
    gateway,
    events,
    answerTimeoutMs: overrides.syncAnswerTimeoutMs ?? 60_000,
    log: app.log,
  });
  const hub = createEventHub(events);

  await app.register(sessionsRoutes, { sessions });
  const groups = createGroupsService({
    repo: groupsRepo,
    gateway,
    historyWaitMs: overrides.historyWaitMs ?? 3_000,
  });
  await app.register(groupsRoutes, {
    groups,
    media: createMediaService({ repo: groupsRepo, gateway, storage }),
    sync,
  });
  await registerEvents(app, {
    hub,
    db,
    clock,
    config,
    accessTokens,
    heartbeatMs: overrides.heartbeatMs ?? 20_000,
  });
  const simulatorDriver =
    driver.name === 'simulator' && 'scan' in driver ? (driver as SimulatorDriver) : null;
  if (simulatorDriver) await app.register(simulatorRoutes, { sessions, simulator: simulatorDriver });

  const runtime: WhatsAppRuntime = {
    gateway,
    events,
    simulator: simulatorDriver,
    openStreams: hub.clientCount,
    publish: hub.publish,
    sessions,
    groups,
  };
  app.decorate('whatsapp', runtime);
  // Reconnecting sessions must not keep the API from starting (the database may be down for a moment).
  app.addHook('onReady', async () => {
    await gateway
      .restore()
      .catch((error) => app.log.error({ err: error }, 'restoring WhatsApp sessions failed'));
  });
  app.addHook('preClose', async () => {
    sync.close();
    hub.close();
    await gateway.close();
  });
  return runtime;
}

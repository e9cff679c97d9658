import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthStore } from '../../whatsapp/auth/session-auth';
import type { WhatsAppAdapter, WhatsAppOverrides } from '../../whatsapp/create-driver';
import type { SimulatorDriver } from '../../whatsapp/simulator/simulator-driver';
import type { AuditRecorder } from '../audit/audit.service';
import type { Limiter } from '../auth/rate-limit';
import type { InstanceRpc, RpcCommands } from '../cluster/instance-rpc';
import type { DeskEventBus } from '../events/desk-events';
import { createWhatsAppGateway, type GatewayDeps, type WhatsAppGateway } from './gateway';
import type { MessageSink } from './message-sink';
import { createSessionAuthRepository, StaleLeaseError } from './session-auth.repository';
import { createSessionCluster, type SessionCluster } from './session-cluster';
import { createLeaseKeeper, DEFAULT_LEASE_TIMING, type LeaseKeeper } from './session-leases';
import { createSessionLeasesRepository } from './session-leases.repository';
import { createSessionsRepository } from './sessions.repository';
import { sessionsRoutes } from './sessions.routes';
import { createSessionsService, type SessionsService } from './sessions.service';
import { simulatorRoutes } from './simulator.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's WhatsApp sessions: tests watch `whatsapp.gateway` and drive `whatsapp.simulator`. */
    whatsapp: {
      gateway: WhatsAppGateway;
      cluster: SessionCluster;
      /** This instance's session leases (tests stop it to play a crashed owner). */
      leases: LeaseKeeper;
      simulator: SimulatorDriver | null;
    };
  }
}

export interface RegisterSessionsOptions {
  config: Config;
  database: Database;
  /** This instance: the owner id on its leases and the address of its RPC channel. */
  instanceId: string;
  rpc: InstanceRpc<RpcCommands>;
  bus: DeskEventBus;
  whatsapp: WhatsAppAdapter;
  /** Where the gateway pushes what sessions receive (the message store, wired in app.ts). */
  sink: MessageSink;
  overrides: WhatsAppOverrides;
  /** Attempts per minute, counted in the database (pairing codes). */
  limit: Limiter;
  audit: AuditRecorder;
  /** The content of a message a session sent from the desk (modules/replies), for retry receipts. */
  sentMessage?: GatewayDeps['sentMessage'];
}

/**
 * The sessions module: the gateway that runs this process's linked sessions and the /api/ session calls.
 * Active linked sessions reconnect when the app is ready; every connection closes (creds kept) with it.
 */
export async function registerSessions(
  app: FastifyInstance,
  {
    config,
    database,
    instanceId,
    rpc,
    bus,
    whatsapp,
    sink,
    overrides,
    limit,
    sentMessage,
    audit,
  }: RegisterSessionsOptions,
): Promise<{ sessions: SessionsService; gateway: WhatsAppGateway; cluster: SessionCluster }> {
  const { db } = database;
  const repo = createSessionsRepository(db);
  const leases = createSessionLeasesRepository(db);
  const timing = { ...DEFAULT_LEASE_TIMING, ...overrides.lease };

  // A session's creds and keys are written only while this instance holds its lease at that epoch.
  const authStore = (sessionId: string): AuthStore => {
    const lease = keeper.holds(sessionId);
    const store = createSessionAuthRepository(db, { ownerId: instanceId, epoch: lease?.epoch ?? -1 });
    const refused = (error: unknown) => {
      if (error instanceof StaleLeaseError) void gateway.stop(sessionId, 'end');
      throw error;
    };
    return {
      read: store.read,
      write: (id, rows) => store.write(id, rows).catch(refused),
      clear: (id) => store.clear(id).catch(refused),
    };
  };
  const gateway = createWhatsAppGateway({
    driver: whatsapp.driver,
    saveState: (sessionId, update, event) => repo.saveState(sessionId, update, instanceId, event),
    messagesStored: (sessionId) => repo.touchLastMessage(sessionId),
    sink,
    authStore,
    bus,
    timing: whatsapp.timing,
    historyEvidence: { needed: 3, gapMs: overrides.historyEmptyGapMs ?? 60_000 },
    log: app.log,
    ...(sentMessage ? { sentMessage } : {}),
    // Its lease goes back (unless it was started again meanwhile): it no longer takes a place here.
    stopped: (sessionId) =>
      void keeper
        .release(sessionId, () => Boolean(gateway.state(sessionId)?.running))
        .catch((error) => app.log.warn({ err: error, sessionId }, 'releasing a session lease failed')),
  });
  const keeper = createLeaseKeeper({
    repo: leases,
    instanceId,
    capacity: config.whatsappSessionsPerInstance,
    timing,
    embedded: database.kind === 'pglite',
    claimed: (claimed) => {
      for (const lease of claimed)
        gateway.start({ id: lease.sessionId, organisationId: lease.organisationId });
      app.log.info({ sessions: claimed.length }, 'whatsapp sessions taken over');
    },
    lost: (sessionIds) => {
      for (const id of sessionIds) void gateway.stop(id, 'end');
    },
    log: app.log,
  });
  const cluster = createSessionCluster({
    gateway,
    keeper,
    leases,
    rpc,
    clearAuth: (sessionId, fence) => createSessionAuthRepository(db, fence).clear(sessionId),
    ttlMs: timing.ttlMs,
  });
  const sessions = createSessionsService({
    repo,
    cluster,
    driverName: whatsapp.driver.name,
    bus,
    sessionLimit: config.whatsappSessionLimit,
    qrWaitMs: overrides.qrWaitMs ?? 10_000,
    quietAfterMs: config.whatsappQuietAfterHours * 3_600_000,
    audit,
  });
  await app.register(sessionsRoutes, { sessions, limit });
  if (whatsapp.simulator) await app.register(simulatorRoutes, { sessions, simulator: whatsapp.simulator });
  app.decorate('whatsapp', { gateway, cluster, leases: keeper, simulator: whatsapp.simulator });

  // Taking sessions over must not keep the API from starting (the database may be down for a moment).
  app.addHook('onReady', async () => {
    await keeper.start().catch((error) => app.log.error({ err: error }, 'taking WhatsApp sessions failed'));
  });
  // A graceful stop claims nothing more, closes every socket (creds kept), then hands the sessions over.
  app.addHook('preClose', async () => {
    await keeper.halt();
    await gateway.close();
    await keeper.handOver().catch((error) => app.log.warn({ err: error }, 'handing sessions over failed'));
  });
  return { sessions, gateway, cluster };
}
